// The showcase seeder (development demo data, ADR 104): renders the demo ads one durable step
// each, in the background, so `npm start` does not wait for them.
import { renderShowcaseDemo, SHOWCASE_DEMOS } from "~/models/stories";
import { inngest } from "../client.ts";
import { showcaseSeedRequested } from "./housekeeping-events.ts";

export const showcaseSeedFunction = inngest.createFunction(
  { id: "showcase-seed", name: "Seed showcase videos", retries: 2, concurrency: 1, triggers: [showcaseSeedRequested] },
  async ({ step }) => {
    const created: string[] = [];
    for (const [i, demo] of SHOWCASE_DEMOS.entries()) {
      const result = await step.run(`render-${demo.slug}`, () => renderShowcaseDemo(demo, i + 1));
      if (result.created) created.push(demo.slug);
    }
    return { created };
  },
);
