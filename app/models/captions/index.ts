// captions/: The caption look a user picks (docs/decisions/350-caption-styles.md): five looks,
// three sizes, three positions in the platform-safe area; the choice remembered per user and
// used by every door (the Create Video dialog, the editors' compile forms, MCP and the assistant).
// Owns table caption_preferences. Its public API: doors import only this index or
// caption-rules.ts (browser-safe); the rest is internal.
export {
  captionPickFor,
  captionPreferenceFromJson,
  captionPreferenceJson,
  getCaptionPreference,
  rememberCaptionChoice,
  saveCaptionPreference,
} from "./caption-preference.server";
export * from "./caption-rules";
