import { describe, expect, it } from "vitest";
import { reconcileKind, sniffType } from "~/utils/storage/sniff.server";
import { acceptedType, wrongKindMessage, tooLargeMessage } from "~/utils/storage/media-types";
import { jpeg, mp4, pdf, png, wav, webm } from "../fixtures/storage-media";

describe("sniffing types from bytes", () => {
  it("recognises real image, audio, video and document bytes", async () => {
    expect(await sniffType(png())).toMatchObject({ mime: "image/png", kind: "image" });
    expect(await sniffType(jpeg())).toMatchObject({ mime: "image/jpeg", kind: "image" });
    expect(await sniffType(wav())).toMatchObject({ mime: "audio/wav", kind: "audio" });
    expect(await sniffType(mp4())).toMatchObject({ mime: "video/mp4", kind: "video" });
    expect(await sniffType(mp4(64, "M4A "))).toMatchObject({ mime: "audio/mp4", kind: "audio" });
    expect(await sniffType(webm())).toMatchObject({ mime: "video/webm", kind: "video" });
    expect(await sniffType(pdf())).toMatchObject({ mime: "application/pdf", kind: "document" });
  });

  it("refuses what it cannot prove, whatever the name would say", async () => {
    expect(await sniffType(Buffer.alloc(0))).toBeNull();
    expect(await sniffType(Buffer.from("just some text, not an image"))).toBeNull();
    expect(await sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(await sniffType(Buffer.from("<!doctype html><html><body>hi</body></html>"))).toBeNull();
    // A Windows executable is a real, detectable type, but not one we accept.
    expect(await sniffType(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]))).toBeNull();
  });

  it("takes MP4/WebM containers as audio only where audio (and not video) is wanted", () => {
    const video = acceptedType("video/mp4")!;
    expect(reconcileKind(video, ["audio"])).toMatchObject({ mime: "audio/mp4", kind: "audio" });
    expect(reconcileKind(video, ["video", "audio"])).toBe(video);
    expect(reconcileKind(acceptedType("video/webm")!, ["audio"])).toMatchObject({ mime: "audio/webm" });
    expect(reconcileKind(acceptedType("video/quicktime")!, ["audio"])).toBeNull();
    expect(reconcileKind(acceptedType("image/png")!, ["audio"])).toBeNull();
  });

  it("words the messages for people", () => {
    expect(wrongKindMessage(["image"])).toBe("Please upload an image file");
    expect(wrongKindMessage(["audio"])).toBe("Please upload an audio file");
    expect(wrongKindMessage(["video"])).toBe("Please upload a video file");
    expect(wrongKindMessage(["image", "video"])).toBe("Please upload an image or video file");
    expect(wrongKindMessage(["image", "video", "audio"])).toBe("Please upload an image, video or audio file");
    expect(tooLargeMessage("image")).toBe("The file is too large. An image file can be at most 15 MB.");
    expect(tooLargeMessage("video")).toBe("The file is too large. A video file can be at most 200 MB.");
  });
});
