// What the landing page and the sign-in carousel show of a showcase video (isomorphic: the
// components render it; app/models/stories/showcase.server.ts loads it).
export type ShowcaseItem = {
  id: string;
  title: string;
  description: string | null;
  category: string | null;
  videoUrl: string;
  thumbnailUrl: string | null;
};
