// CPU time of the benchmark process and its finished children, load-independent figures.
import { readFileSync } from "node:fs";

/** CPU seconds used so far by this process and its finished children (ffmpeg, synth workers), from /proc. */
export function cpuSeconds(): number | null {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime, cutime, cstime are fields 14-17 of the line (11-14 after the command name).
    const ticks = [11, 12, 13, 14].reduce((a, i) => a + Number(fields[i]), 0);
    return ticks / 100;
  } catch {
    return null;
  }
}
export const cpuSince = (start: number | null) => {
  const end = cpuSeconds();
  return start === null || end === null ? null : Math.round((end - start) * 100) / 100;
};
