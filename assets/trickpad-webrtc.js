// Trickpad's links between phones: WebRTC data channels, held on the page's main thread
// (a worker has no RTCPeerConnection in Chromium or Firefox) for the phone alone's Python,
// which runs in Flet's worker and drives them through messages (phone_alone/webrtc_bridge.py):
// - worker -> page: {trickpadWebRTC: {do, link, ask?, sdp?, limit?, text?}}, kept from
//   Flet's own handler by `TrickpadWebRTC.serve`, which index.html's Worker subclass calls
//   ("offer" and "answer" carry the `limit` of the link's messages to this end); also
//   {do: "scan", ask, instruction, cancel}: the camera reads the other phone's QR code
//   (trickpad-scan.js), answered {ask, text | cancelled | refused};
// - page -> worker: a Uint8Array, byte 0x02 then UTF-8 JSON: {ask, sdp?, error?,
//   unsupported?} answers a request that had an `ask` (unsupported: this browser has no
//   WebRTC); {link, event, text?} tells what happened on a link.
// No STUN or TURN server: the phones share one Wi-Fi or hotspot, so host candidates
// (Chromium's mDNS names) are all there is, and a description is whole once gathered.
"use strict";
window.TrickpadWebRTC = (() => {
  const GATHERING_MS = 5000;
  const PAGE_PACKET = 0x02;

  // Resolves once the connection has gathered its candidates, or after GATHERING_MS with
  // those it has (a network interface that never answers must not hold the invitation).
  const gathered = (connection) =>
    new Promise((resolve) => {
      const done = () => {
        if (connection.iceGatheringState === "complete") {
          connection.removeEventListener("icegatheringstatechange", done);
          resolve();
        }
      };
      connection.addEventListener("icegatheringstatechange", done);
      setTimeout(resolve, GATHERING_MS);
      done();
    });

  class TrickpadWebRTC {
    // `tell({link, event, text})`: "open", "message" (with its text), "interrupted" (the
    // network went), "back" (connected again) and "closed" (by the other end or failed;
    // the last event of a link), or "another" in its place (before the link opened, a
    // second phone's answer to its invitation broke in). A link closed here tells nothing
    // more. A message that is not text, or longer than its link's `limit` (in UTF-16
    // units), closes the link unheard: only text within the limit reaches the worker.
    constructor(tell) {
      this.tell = tell;
      this.links = new Map();
    }

    // An offer of one ordered, reliable data channel on a new link.
    async offer(link, limit) {
      const connection = this.#open(link, limit);
      this.#watch(link, connection.createDataChannel("trickpad", { ordered: true }));
      await connection.setLocalDescription(await connection.createOffer());
      await gathered(connection);
      return connection.localDescription.sdp;
    }

    // The answer to another phone's offer, on a new link, making this end the DTLS server
    // ("passive"; browsers answer "active"). Anyone who copies the invitation learns the
    // host's ICE password and passes ICE with it; answering "active", a second phone sent
    // the host its DTLS handshake, and the host's Chromium took it (the first to come) in
    // place of the taken reply's phone, which then never linked. The host, as DTLS client,
    // speaks only on the path ICE chose, to the phone whose reply it took.
    async answer(link, sdp, limit) {
      const connection = this.#open(link, limit);
      connection.addEventListener("datachannel", (event) => this.#watch(link, event.channel));
      await connection.setRemoteDescription({ type: "offer", sdp });
      const answer = (await connection.createAnswer()).sdp;
      await connection.setLocalDescription({
        type: "answer",
        sdp: answer.replace(/^a=setup:active$/m, "a=setup:passive"),
      });
      await gathered(connection);
      return connection.localDescription.sdp;
    }

    // The other phone's answer to this link's offer: the link then connects.
    async accept(link, sdp) {
      await this.#link(link).connection.setRemoteDescription({ type: "answer", sdp });
    }

    send(link, text) {
      const channel = this.links.get(link)?.channel;
      if (channel?.readyState === "open") {
        channel.send(text);
      }
    }

    close(link) {
      const entry = this.links.get(link);
      if (entry !== undefined) {
        this.links.delete(link);
        entry.channel?.close();
        entry.connection.close();
      }
    }

    // Requests from the phone alone's Python, as the worker sends them.
    async handle(request) {
      const { link } = request;
      switch (request.do) {
        case "offer":
          return { sdp: await this.offer(link, request.limit) };
        case "answer":
          return { sdp: await this.answer(link, request.sdp, request.limit) };
        case "accept":
          return await this.accept(link, request.sdp);
        case "send":
          return this.send(link, request.text);
        case "close":
          return this.close(link);
        case "scan":
          return await window.TrickpadScan.scan(request);
        default:
          throw new Error(`Trickpad: no such request: ${request.do}`);
      }
    }

    #open(link, limit) {
      if (this.links.has(link)) {
        throw new Error(`Trickpad: link ${link} is open already`);
      }
      const connection = new RTCPeerConnection({ iceServers: [] });
      const entry = { connection, channel: null, limit, opened: false, interrupted: false };
      this.links.set(link, entry);
      connection.addEventListener("connectionstatechange", () => {
        const state = connection.connectionState;
        if (state === "disconnected" && !entry.interrupted) {
          entry.interrupted = true;
          this.#tell(link, "interrupted");
        } else if (state === "connected" && entry.interrupted) {
          entry.interrupted = false;
          this.#tell(link, "back");
        } else if (state === "failed") {
          this.#ended(link, this.#brokenInto(entry) ? "another" : "closed");
        }
      });
      return connection;
    }

    #watch(link, channel) {
      const entry = this.links.get(link);
      if (entry === undefined) {
        channel.close(); // the link was closed while the channel was on its way
        return;
      }
      entry.channel = channel;
      // Once: Chromium 156 at times fires a channel's "open" twice.
      const opened = () => {
        entry.opened = true;
        this.#tell(link, "open");
      };
      channel.addEventListener("open", opened, { once: true });
      channel.addEventListener("message", ({ data }) => {
        if (typeof data === "string" && data.length <= entry.limit) {
          this.#tell(link, "message", data);
        } else {
          this.#ended(link); // binary, or surely over the limit in bytes of UTF-8 too
        }
      });
      channel.addEventListener("close", () => this.#ended(link));
    }

    #link(link) {
      const entry = this.links.get(link);
      if (entry === undefined) {
        throw new Error(`Trickpad: no link ${link}`);
      }
      return entry;
    }

    // Closed by the other end, or failed: told once, and the link is let go.
    #ended(link, event = "closed") {
      if (this.links.has(link)) {
        this.close(link);
        this.tell({ link, event });
      }
    }

    // Whether the link failed before it opened though ICE had connected: its DTLS
    // handshake failed, as it does when another phone's DTLS breaks in (in the host's
    // Chromium, from a second answer to the invitation that says "active", as no
    // Trickpad's does: see `answer`). Both phones of the link then fail so.
    #brokenInto({ connection, opened }) {
      return !opened && ["connected", "completed"].includes(connection.iceConnectionState);
    }

    #tell(link, event, text) {
      if (this.links.has(link)) {
        this.tell(text === undefined ? { link, event } : { link, event, text });
      }
    }

    // The links of the phone alone's Python in `worker`: its requests are taken here, before
    // Flet's handler sees them, and answered with the events in one stream.
    static serve(worker) {
      const post = (message) => {
        const json = new TextEncoder().encode(JSON.stringify(message));
        const packet = new Uint8Array(json.length + 1);
        packet[0] = PAGE_PACKET;
        packet.set(json, 1);
        worker.postMessage(packet, [packet.buffer]);
      };
      const links = new TrickpadWebRTC(post);
      worker.addEventListener("message", (event) => {
        const request = event.data?.trickpadWebRTC;
        if (request === undefined) {
          return;
        }
        event.stopImmediatePropagation();
        links.handle(request).then(
          (result) => request.ask !== undefined && post({ ask: request.ask, ...result }),
          (error) =>
            request.ask !== undefined &&
            post({ ask: request.ask, error: String(error), unsupported: !window.RTCPeerConnection }),
        );
      });
      return links;
    }
  }

  return TrickpadWebRTC;
})();
