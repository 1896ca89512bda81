// The end card holds 2-3 s (issue 24 item 1): a Create Video ad's last scene is drawn as its end
// card (logo, product, call to action), so a last scene that says more than its call to action
// would hold that card for its whole length (a 2-scene idea held it for 8 s). Its last sentence
// becomes a scene of its own, the end card, and the rest stays a scene of the ad's body.
import { titleFromText } from "~/providers/llm/planner/copy-writer";
import type { PlannedScene } from "~/providers/llm/planner/divide-script";
import { countWords, round1, secondsForWords, splitSentences } from "~/providers/llm/planner/text";

/** A last scene longer than this (spoken) is split when its last sentence is short enough to be the end card. */
export const END_CARD_SCENE_MAX_SECONDS = 4;

/**
 * The scenes with the last one's last sentence on its own when the last scene is longer than
 * END_CARD_SCENE_MAX_SECONDS and that sentence takes at most that long to say; otherwise as they
 * are. Only for ads of two scenes or more (a one-scene ad has no end card). Both the written and
 * the spoken text are split at their last sentence, or neither.
 */
export function endCardOnItsOwn<S extends PlannedScene>(scenes: S[]): S[] {
  const last = scenes.at(-1);
  if (scenes.length < 2 || !last || last.estimatedSeconds <= END_CARD_SCENE_MAX_SECONDS) return scenes;
  const written = splitSentences(last.script);
  const spoken = splitSentences(last.voiceOverText);
  if (written.length < 2 || spoken.length < 2) return scenes;
  const cta = { script: written.at(-1)!, voiceOverText: spoken.at(-1)! };
  const ctaSeconds = secondsForWords(countWords(cta.voiceOverText));
  if (ctaSeconds > END_CARD_SCENE_MAX_SECONDS) return scenes;
  const body = { script: written.slice(0, -1).join(" "), voiceOverText: spoken.slice(0, -1).join(" ") };
  const bodyWords = countWords(body.voiceOverText);
  const ctaWords = countWords(cta.voiceOverText);
  return [
    ...scenes.slice(0, -1),
    { ...last, ...body, wordCount: bodyWords, estimatedSeconds: round1(secondsForWords(bodyWords)) },
    {
      ...last,
      ...cta,
      order: last.order + 1,
      title: titleFromText(cta.voiceOverText) || last.title,
      description: `End card: ${cta.voiceOverText}`,
      wordCount: ctaWords,
      estimatedSeconds: round1(ctaSeconds),
    },
  ];
}
