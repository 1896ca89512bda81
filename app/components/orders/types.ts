// Shapes the order screens receive from their loaders (kept free of server imports).
export type OrderFileView = {
  id: string;
  url: string;
  mediaType: "image" | "video" | "other";
  role: "client" | "admin" | "delivery";
  thumbnailUrl: string | null;
  name: string;
  createdAt: string;
};
