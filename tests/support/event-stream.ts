// Test helper: the frames of a text/event-stream body (the /resources/live stream), as they
// arrive, until the stream ends, fails or is cancelled.

export type StreamFrame = { type: string | undefined; data: string | undefined };

export function readEventStream(body: ReadableStream<Uint8Array>, onFrame: (frame: StreamFrame) => void): { done: Promise<void>; cancel(): Promise<void> } {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const done = (async () => {
    for (;;) {
      const { done: ended, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (ended) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        onFrame({ type: /^event: (.+)$/m.exec(frame)?.[1], data: /^data: (.+)$/m.exec(frame)?.[1] });
      }
    }
  })();
  return { done, cancel: () => reader.cancel().catch(() => undefined) };
}
