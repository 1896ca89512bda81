// Toast texts used by the content cards (docs/product.md#dashboard).
export const TOASTS = {
  copied: { title: "Copied!", description: (label: string) => `${label} copied to clipboard` },
  copyFailed: { title: "Failed to copy", description: "Please try again" },
  downloaded: { title: "Success!", description: "Image downloaded successfully" },
  downloadFailed: { title: "Download failed", description: "Please try again" },
  visibilityUpdated: {
    title: "Visibility updated",
    description: (kind: "story" | "image" | "video", visibility: "public" | "private") =>
      `${kind === "image" ? "Image" : kind === "video" ? "Video" : "Story"} is now ${visibility}`,
  },
  visibilityFailed: { title: "Failed to update visibility", description: "Please try again" },
} as const;

export const EMPTY_TEXT = {
  stories: "No stories found",
  images: "No images found",
  videos: "No videos found",
  all: "No content found",
} as const;
export const EMPTY_HINT = "Start creating content to see it here";
