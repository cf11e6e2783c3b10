// Trickpad's camera scan: reads the QR code of another phone's invitation or reply for the
// phone alone's Python (phone_alone/webrtc_bridge.py's `scan`, whose request
// assets/trickpad-webrtc.js hands here). While it reads, a full-screen overlay covers
// Flutter's canvas: the camera's picture, the instruction and a Cancel button, in the words
// Python sent ({instruction, cancel}). The answer is {text} (the code's text), {cancelled}
// or {refused: "insecure" | "denied" | "none" | "failed"}.
// It decodes with the browser's BarcodeDetector where that reads QR codes, else with jsQR
// (vendor/jsqr/jsQR.js, this site's own copy, loaded on first use). The camera is stopped
// whenever the overlay closes: a code read, Cancel or Escape, the page hidden or left, or
// the browser's Back.
"use strict";
window.TrickpadScan = (() => {
  const CAMERA = { video: { facingMode: "environment" }, audio: false };
  const READ_EVERY_MS = 150;
  const LARGEST_SIDE = 800; // frames are read at most this large: a code at arm's length
  const JSQR = "vendor/jsqr/jsQR.js";
  const STYLE = `
    #trickpad-scan { position: fixed; inset: 0; z-index: 2147483647; display: flex;
      flex-direction: column; align-items: center; background: #000; color: #fff;
      font: 18px/1.4 sans-serif; }
    #trickpad-scan video { flex: 1; min-height: 0; width: 100%; object-fit: contain; }
    #trickpad-scan p { margin: 12px 16px; text-align: center; }
    #trickpad-scan button { min-width: 48px; min-height: 48px; margin: 0 16px 24px;
      padding: 8px 24px; border: 0; border-radius: 24px; font: inherit;
      background: #fff; color: #000; }`;

  // Why the camera cannot be used, from getUserMedia's error.
  const refusal = (error) => {
    switch (error?.name) {
      case "NotAllowedError":
      case "SecurityError":
        return "denied";
      case "NotFoundError":
      case "OverconstrainedError":
        return "none";
      default:
        return "failed"; // NotReadableError: another app holds the camera
    }
  };

  let jsQRLoaded = null;
  const loadJsQR = () =>
    (jsQRLoaded ??= new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = JSQR;
      script.onload = () => resolve(window.jsQR);
      script.onerror = () => {
        jsQRLoaded = null;
        reject(new Error("Trickpad: jsQR did not load"));
      };
      document.head.append(script);
    }));

  // A function reading the text of a QR code in the video's current frame (null: none).
  const decoder = async () => {
    if ("BarcodeDetector" in window) {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => (await detector.detect(video))[0]?.rawValue || null;
      }
    }
    const jsQR = await loadJsQR();
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      const scale = Math.min(1, LARGEST_SIDE / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(data, width, height, { inversionAttempts: "dontInvert" })?.data || null;
    };
  };

  // One scan's overlay: shown at once, it resolves `result` when it closes.
  class Scan {
    constructor({ instruction, cancel }) {
      this.result = new Promise((resolve) => (this.resolve = resolve));
      this.stream = null;
      this.root = document.createElement("div");
      this.root.id = "trickpad-scan";
      this.root.setAttribute("role", "dialog");
      this.root.setAttribute("aria-modal", "true");
      this.root.setAttribute("aria-label", instruction);
      const style = document.createElement("style");
      style.textContent = STYLE;
      this.video = document.createElement("video");
      Object.assign(this.video, { muted: true, autoplay: true, playsInline: true });
      const words = document.createElement("p");
      words.textContent = instruction;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = cancel;
      button.addEventListener("click", () => this.close({ cancelled: true }));
      this.root.append(style, this.video, words, button);
      this.left = (event) => {
        if (event.type !== "visibilitychange" || document.hidden) {
          this.close({ cancelled: true });
        }
      };
      this.escaped = (event) => event.key === "Escape" && this.close({ cancelled: true });
      window.addEventListener("pagehide", this.left);
      window.addEventListener("popstate", this.left);
      document.addEventListener("visibilitychange", this.left);
      document.addEventListener("keydown", this.escaped);
      document.body.append(this.root);
      button.focus();
    }

    // The camera's picture, read until a code is found or the overlay closes.
    async read(stream) {
      this.stream = stream;
      if (this.closed) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      this.video.srcObject = stream;
      let decode;
      try {
        decode = await decoder();
      } catch {
        this.close({ refused: "failed" });
        return;
      }
      while (!this.closed) {
        if (this.video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const text = await decode(this.video).catch(() => null);
          if (text) {
            this.close({ text });
            return;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      }
    }

    close(result) {
      if (this.closed) {
        return;
      }
      this.closed = true;
      this.stream?.getTracks().forEach((track) => track.stop());
      this.video.srcObject = null;
      this.root.remove();
      window.removeEventListener("pagehide", this.left);
      window.removeEventListener("popstate", this.left);
      document.removeEventListener("visibilitychange", this.left);
      document.removeEventListener("keydown", this.escaped);
      this.resolve(result);
    }
  }

  let current = null;

  // Reads one code with the camera (one scan at a time: a new one closes the last).
  const scan = async (words) => {
    if (!window.isSecureContext) {
      return { refused: "insecure" };
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      return { refused: "none" };
    }
    current?.close({ cancelled: true });
    const shown = new Scan(words);
    current = shown;
    navigator.mediaDevices.getUserMedia(CAMERA).then(
      (stream) => shown.read(stream),
      (error) => shown.close({ refused: refusal(error) }),
    );
    return shown.result;
  };

  return { scan };
})();
