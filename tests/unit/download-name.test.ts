import { describe, expect, it } from "vitest";
import { DOWNLOAD_NAME, downloadFileName, downloadHref, titleSlug } from "~/utils/download-name";

describe("download file names (docs/decisions/200-download-file-names.md)", () => {
  it("slugs the title and keeps the file's extension", () => {
    expect(downloadFileName("CrispJar Salad Jar: Keeps Dressing Separate", "/resources/files/renders/projects/p1/abc.mp4")).toBe(
      "crispjar-salad-jar-keeps-dressing-separate.mp4",
    );
    expect(downloadFileName("Crème brûlée — 50% off!", "/x/y.webm")).toBe("creme-brulee-50-off.webm");
    expect(downloadFileName(null, "/x/y.mp4", "video-12")).toBe("video-12.mp4");
    expect(downloadFileName("नमस्ते", "/x/y.mp4", "video-12")).toBe("video-12.mp4");
    expect(titleSlug("a".repeat(100)).length).toBeLessThanOrEqual(60);
    expect(DOWNLOAD_NAME.test(downloadFileName("Any title at all", "/x/y.mp4"))).toBe(true);
  });

  it("asks the file route for an attachment", () => {
    expect(downloadHref("/resources/files/renders/a.mp4", "x.mp4")).toBe("/resources/files/renders/a.mp4?download=x.mp4");
    expect(downloadHref("/resources/files/renders/a.mp4#t=0.1", "x.mp4")).toBe("/resources/files/renders/a.mp4?download=x.mp4");
    expect(downloadHref("/f?v=1", "x.mp4")).toBe("/f?v=1&download=x.mp4");
  });
});
