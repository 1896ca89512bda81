// HTTP Range parsing (RFC 9110 §14) for single byte ranges.

export type ByteRange = { start: number; end: number }; // inclusive, like Content-Range

export type RangeResult =
  /** No Range header, or one we ignore (other unit, bad syntax, several ranges): send it all. */
  | { type: "none" }
  | { type: "range"; range: ByteRange }
  /** Syntactically fine but nothing of it lies inside the file: 416. */
  | { type: "unsatisfiable" };

/**
 * Parses a Range header against a file of `size` bytes. `maxLength` caps an open-ended range
 * ("bytes=N-") so a media player's request is answered in bounded chunks; a player asks again
 * for the rest (the Content-Range says where the answer ends).
 */
export function parseRange(header: string | null | undefined, size: number, maxLength = Infinity): RangeResult {
  if (!header) return { type: "none" };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return { type: "none" };
  const specs = match[1]
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // Several ranges would need a multipart/byteranges answer; ignoring Range is allowed.
  if (specs.length !== 1) return { type: "none" };
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0]);
  if (!spec || (spec[1] === "" && spec[2] === "")) return { type: "none" };

  if (spec[1] === "") {
    // Suffix range: the last N bytes.
    const suffix = Number(spec[2]);
    if (!Number.isSafeInteger(suffix)) return { type: "none" };
    if (suffix === 0 || size === 0) return { type: "unsatisfiable" };
    return { type: "range", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }

  const start = Number(spec[1]);
  if (!Number.isSafeInteger(start)) return { type: "none" };
  let end: number;
  if (spec[2] === "") {
    end = Math.min(size - 1, start + maxLength - 1);
  } else {
    end = Number(spec[2]);
    if (!Number.isSafeInteger(end)) return { type: "none" };
    if (end < start) return { type: "none" };
    end = Math.min(end, size - 1);
  }
  if (start >= size) return { type: "unsatisfiable" };
  return { type: "range", range: { start, end } };
}

export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}
