// The rules of the brand's own photos and clips (ADR 315): which scene shows which, the kind of
// a reference, and how a clip fills its scene (trimmed, or slowed then held).
import { describe, expect, it } from "vitest";
import { divisionForMedia, MEDIA_LIMITS, ownMediaKind, sceneMaterialKind, sceneMedia } from "~/models/stories/video-media";
import { divideScript } from "~/providers/llm/planner/divide-script";
import { clipTiming, coverFilter, SLOWEST } from "~/providers/motion/clip.server";

describe("sceneMedia", () => {
  it("gives the material to the scenes in order, keeping the last scene the end card", () => {
    expect(sceneMedia(7, ["a", "b", "c", "d", "e", "f"])).toEqual(["a", "b", "c", "d", "e", "f", null]);
    expect(sceneMedia(4, ["a", "b"])).toEqual(["a", "b", null, null]);
    // More material than scenes: the first ones, one each.
    expect(sceneMedia(3, ["a", "b", "c", "d"])).toEqual(["a", "b", null]);
    // A single scene shows the first.
    expect(sceneMedia(1, ["a", "b"])).toEqual(["a"]);
    expect(sceneMedia(3, [])).toEqual([null, null, null]);
  });
});

describe("divisionForMedia", () => {
  const script = "Meet the Acme bottle. It keeps water cold for a whole day. It fits every bag. Shop Acme today.";
  it("cuts a short script into more scenes so that each photo or clip can have one, at sentence boundaries", () => {
    expect(divideScript(script).scenes).toHaveLength(1);
    const scenes = divideScript(script, divisionForMedia(script, 2)!).scenes.map((s) => s.script);
    expect(scenes).toEqual(["Meet the Acme bottle.", "It keeps water cold for a whole day.", "It fits every bag. Shop Acme today."]);
  });
  it("leaves the usual division alone without media, or when the script is long enough already", () => {
    expect(divisionForMedia(script, 0)).toBeNull();
    expect(divisionForMedia(Array.from({ length: 40 }, () => "A sentence of six words here.").join(" "), 3)).toBeNull();
  });
});

describe("ownMediaKind", () => {
  it("reads the kind from the bucket of a ref or a file URL, nothing else", () => {
    expect(ownMediaKind("product-photos/1.png")).toBe("photo");
    expect(ownMediaKind("/resources/files/product-clips/2.mp4")).toBe("clip");
    expect(ownMediaKind("background-music/3.wav")).toBeNull();
    expect(ownMediaKind("https://example.com/product-photos/1.png")).toBeNull();
    expect(ownMediaKind("product-photos/../x")).toBeNull();
    expect(MEDIA_LIMITS).toEqual({ photo: 8, clip: 4 });
  });
});

describe("clipTiming", () => {
  it("trims a long clip, slows a short one at most 2x, then holds its last frame", () => {
    expect(clipTiming(10, 3)).toEqual({ stretch: 1, holdSec: 0 });
    expect(clipTiming(2, 3)).toEqual({ stretch: 1.5, holdSec: 0 });
    expect(clipTiming(1, 5)).toEqual({ stretch: SLOWEST, holdSec: 3 });
  });

  it("covers the frame and crops, never pads or stretches", () => {
    expect(coverFilter({ width: 720, height: 1280 })).toBe("scale=720:1280:force_original_aspect_ratio=increase,crop=720:1280,setsar=1");
    expect(coverFilter({ width: 720, height: 1280 }, { x: 498, y: 0 })).toBe(
      "scale=720:1280:force_original_aspect_ratio=increase,crop=720:1280:498:0,setsar=1",
    );
  });
});

describe("sceneMaterialKind (ADR 330)", () => {
  it("knows own photos and clips and a project's image and video assets, nothing else", () => {
    expect(sceneMaterialKind("product-clips/a.mp4")).toBe("clip");
    expect(sceneMaterialKind("/resources/files/product-photos/a.png")).toBe("photo");
    expect(sceneMaterialKind("/resources/files/project-images/public/project-assets/p1/a.webm")).toBe("clip");
    expect(sceneMaterialKind("project-images/public/project-assets/p1/a.jpg")).toBe("photo");
    // Audio assets, the main image and other buckets are not scene material.
    expect(sceneMaterialKind("project-images/public/project-assets/p1/a.mp3")).toBeNull();
    expect(sceneMaterialKind("project-images/public/main-project-images/p1-1.png")).toBeNull();
    expect(sceneMaterialKind("canvas-assets/scenes/s1_image_1.png")).toBeNull();
    // Create Video's refs stay own media only.
    expect(ownMediaKind("project-images/public/project-assets/p1/a.mp4")).toBeNull();
  });
});
