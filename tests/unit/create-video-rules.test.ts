import { describe, expect, it } from "vitest";
import {
  acceptScriptInput,
  countWords,
  createFailedMessage,
  newRequestId,
  normalizeScript,
  uploadFailedMessage,
  VIDEO_MESSAGES,
} from "~/models/stories/video-request-rules";
import { SCRIPT_WORD_LIMIT, VIDEO_CREATE_TIMEOUT_MS, DEFAULT_VOICE_ID } from "~/utils/constants";
import { VIDEO_COST_CREDITS } from "~/models/billing/prices";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("create-video rules", () => {
  it("counts words by splitting on whitespace", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   \n\t ")).toBe(0);
    expect(countWords("one")).toBe(1);
    expect(countWords("  one\ttwo\n\nthree  ")).toBe(3);
    expect(countWords("don't stop-me now")).toBe(3);
  });

  it("does not count invisible characters as words (issue 8 §7)", () => {
    expect(countWords("\u200B\u200B \u200B")).toBe(0);
    expect(normalizeScript("\u200B\u2060\uFEFF")).toBe("");
    expect(countWords("one \u200B two")).toBe(2);
  });

  it("ignores input that would take the script past 350 words", () => {
    expect(SCRIPT_WORD_LIMIT).toBe(350);
    const at = words(350);
    expect(acceptScriptInput(words(349), at)).toBe(at);
    expect(acceptScriptInput(at, `${at} more`)).toBe(at);
    // Trailing whitespace does not start a word yet, so it is accepted at the limit.
    expect(acceptScriptInput(at, `${at} `)).toBe(`${at} `);
    // A paste that overflows is ignored as a whole.
    expect(acceptScriptInput("short", words(400))).toBe("short");
    // Deleting is always allowed.
    expect(acceptScriptInput(at, words(10))).toBe(words(10));
  });

  it("has the documented texts and constants", () => {
    expect(VIDEO_COST_CREDITS).toBe(20);
    expect(VIDEO_CREATE_TIMEOUT_MS).toBe(30_000);
    expect(DEFAULT_VOICE_ID).toBe(1);
    expect(VIDEO_MESSAGES.insufficient).toEqual({ title: "Insufficient Credits", description: "You need at least 20 credits to create a video." });
    expect(VIDEO_MESSAGES.timeout).toEqual({
      title: "Timeout",
      description: "Video creation is taking longer than expected. Please check back later or try again.",
    });
    expect(`${VIDEO_MESSAGES.success.title}: ${VIDEO_MESSAGES.success.description}`).toBe("Success: Your video has been created successfully");
    expect(VIDEO_MESSAGES.tooltip).toBe("Each video requires 20 credits");
    expect(uploadFailedMessage("audio", "Please upload an audio file")).toBe("Failed to upload audio: Please upload an audio file");
    expect(createFailedMessage("The server is busy.")).toBe("Failed to create video: The server is busy. Please try again.");
  });

  it("makes distinct v4 request ids", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newRequestId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
