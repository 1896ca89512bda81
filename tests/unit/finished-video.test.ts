// The finished video's one rule (docs/architecture.md#the-finished-video, ADR 291).
import { describe, expect, it } from "vitest";
import { finishedVideoUrl, projectVideo } from "~/models/compile/finished-video";

describe("the finished video", () => {
  it("is addressed by one function from any column's value", () => {
    expect(finishedVideoUrl("/resources/files/renders/projects/p1/v.mp4")).toBe("/resources/files/renders/projects/p1/v.mp4");
    expect(finishedVideoUrl("renders/projects/p1/v.mp4")).toBe("/resources/files/renders/projects/p1/v.mp4");
    expect(finishedVideoUrl("https://cdn.example/v.mp4")).toBe("https://cdn.example/v.mp4");
    expect(finishedVideoUrl(null)).toBeNull();
    expect(finishedVideoUrl("not a reference")).toBeNull();
  });

  it("on the editors is the latest compile's when it completed, else the project's last one", () => {
    const project = { finalVideoUrl: "/resources/files/renders/old.mp4" };
    const done = { status: "completed", videoUrl: "/resources/files/renders/new.mp4", posterUrl: "/resources/files/renders/new.jpg" };
    expect(projectVideo(project, done)).toEqual({ url: done.videoUrl, posterUrl: done.posterUrl });
    expect(projectVideo(project, { status: "rendering", videoUrl: null, posterUrl: null })).toEqual({ url: project.finalVideoUrl, posterUrl: null });
    expect(projectVideo(project, null)).toEqual({ url: project.finalVideoUrl, posterUrl: null });
    expect(projectVideo({ finalVideoUrl: null }, null)).toEqual({ url: null, posterUrl: null });
  });
});
