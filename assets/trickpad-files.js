// Trickpad's file picker for the phone alone's Python (phone_alone/page_files.py), which
// runs in Flet's worker. Flet's own picker reads a picked file whole and hands it to Python
// before anything can look at its size (a backup of 150 MB crashes the tab); this one tells
// the size first and reads the file only when asked:
// - worker -> page: {trickpadFile: {do: "pick", ask, accept}} opens the browser's file
//   chooser; {trickpadFile: {do: "read", ask}} reads the file picked last;
// - page -> worker: a Uint8Array: byte 0x03, the ask (4 bytes, big-endian), a status byte
//   (0: done, 1: failed), then the answer: UTF-8 JSON {name, size} (or {} when nothing was
//   picked) for a pick, the file's bytes for a read.
"use strict";
window.TrickpadFiles = (() => {
  const FILE_PACKET = 0x03;
  const DONE = 0;
  const FAILED = 1;
  const CANCEL_MS = 1000;

  const serve = (worker) => {
    let picked = null;
    const post = (ask, status, payload) => {
      const packet = new Uint8Array(6 + payload.length);
      packet[0] = FILE_PACKET;
      new DataView(packet.buffer).setUint32(1, ask);
      packet[5] = status;
      packet.set(payload, 6);
      worker.postMessage(packet, [packet.buffer]);
    };
    const told = (ask, value) => post(ask, DONE, new TextEncoder().encode(JSON.stringify(value)));
    // A chooser closed without a file is told by "cancel"; a browser without that event
    // (Safari before 16.4) is taken to have cancelled once the page has its focus back
    // for a second with no file picked, as Flutter's own picker does.
    const pick = (request) => {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = request.accept;
      let answered = false;
      const answer = (value) => {
        if (!answered) {
          answered = true;
          told(request.ask, value);
        }
      };
      input.addEventListener("change", () => {
        picked = input.files[0] ?? null;
        answer(picked ? { name: picked.name, size: picked.size } : {});
      });
      input.addEventListener("cancel", () => answer({}));
      window.addEventListener("focus", () => setTimeout(() => answer({}), CANCEL_MS), {
        once: true,
      });
      input.click();
    };
    const read = (request) => {
      const file = picked;
      picked = null;
      if (file === null) {
        post(request.ask, FAILED, new Uint8Array(0));
        return;
      }
      file.arrayBuffer().then(
        (buffer) => post(request.ask, DONE, new Uint8Array(buffer)),
        () => post(request.ask, FAILED, new Uint8Array(0)),
      );
    };
    worker.addEventListener("message", (event) => {
      const request = event.data?.trickpadFile;
      if (request === undefined) {
        return;
      }
      event.stopImmediatePropagation();
      (request.do === "pick" ? pick : read)(request);
    });
  };

  return { serve };
})();
