// Answers that go out before the request's body has arrived (a 413 for a body over a door's
// limit, a 401 or 415 that needs no body) must reach the client. Closing a connection while the
// client is still sending makes the kernel reset it, and a reset can destroy the answer before
// the client reads it: "sometimes a connection reset instead of a 413" (issue 21 §6). So, as web
// servers do (nginx's lingering close): such an answer says `Connection: close`; once it is
// written the server half-closes (FIN, the client reads the answer and sees the end), keeps
// reading and discarding what the client still sends, and closes when the client does, or after
// LINGER.maxBytes more bytes or LINGER.maxMs, whichever comes first (then a reset may follow, but
// the answer was on the wire long before). docs/decisions/277-over-limit-bodies-answered.md
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type express from "express";
import onHeaders from "on-headers";

export const LINGER = { maxBytes: 64 * 1024 * 1024, maxMs: 10_000 } as const;

const lingering = new WeakSet<Socket>();

/** Set on a request whose rest is being dropped: readers of its body let go (server/remix-handler.ts). */
export const DISCARDING = Symbol.for("reelforge.discardingBody");

export function lingeringClose(opts: { maxBytes: number; maxMs: number } = LINGER): express.RequestHandler {
  return (req, res, next) => {
    onHeaders(res, function () {
      if (req.complete) return;
      // The body is still arriving: this connection will not carry another request.
      this.setHeader("Connection", "close");
      const socket = req.socket;
      if (lingering.has(socket)) return;
      lingering.add(socket);
      // Node's server ends a `Connection: close` exchange with socket.destroySoon() once the
      // answer is written: end, then destroy, which resets a connection with unread bytes.
      (socket as Socket & { destroySoon: () => void }).destroySoon = () => linger(socket, req, opts);
    });
    next();
  };
}

function linger(socket: Socket, req: IncomingMessage, opts: { maxBytes: number; maxMs: number }) {
  socket.end(); // FIN after the answer; the server's sockets are half-open, so reading goes on
  const startBytes = socket.bytesRead;
  const done = () => {
    clearInterval(watch);
    clearTimeout(deadline);
    socket.destroy();
  };
  const deadline = setTimeout(done, opts.maxMs);
  deadline.unref();
  const watch = setInterval(() => {
    if (socket.bytesRead - startBytes > opts.maxBytes) done();
  }, 50);
  watch.unref();
  socket.once("end", done); // the client read the answer and closed its side: nothing left unread
  socket.once("close", done);
  // Whatever still arrives for this request is read and dropped.
  (req as IncomingMessage & { [DISCARDING]?: boolean })[DISCARDING] = true;
  req.resume();
  socket.resume();
}
