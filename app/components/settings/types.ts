export type SettingsActionData =
  | { intent: "username"; ok: true; message: string; username: string }
  | { intent: "username"; ok: false; message: string; value: string }
  | { intent: "avatar"; ok: true; message: string }
  | { intent: "avatar"; ok: false; message: string; detail?: string };

export type ApiTokensActionData =
  | { intent: "create-token"; ok: true; message: string; token: string; name: string }
  | { intent: "create-token"; ok: false; message: string; value: string }
  | { intent: "revoke-token"; ok: boolean; message: string };

/** One personal access token as the settings page lists it (never the secret). */
export type ApiTokenRow = { id: string; name: string; prefix: string; created: string; lastUsed: string | null; revoked: string | null };

export type ConnectedAppsActionData = { intent: "disconnect-app"; ok: boolean; message: string };

/** One OAuth client the user has connected, as the settings page lists it. */
export type ConnectedAppRow = { clientId: string; name: string; redirectTarget: string | null; approved: string | null; lastToken: string };

/** The brand kit form's values as the page shows them again (not the logo file). */
export type BrandFormValues = { colors: string[]; fontId: string; callToAction: string; website: string; cornerMark: boolean };

export type BrandKitActionData = {
  intent: "brand";
  /** Which button was pressed. */
  step: "save" | "preview" | "suggest" | "remove";
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<"colors" | "fontId" | "callToAction" | "website" | "logo", string>>;
  /** The values to show again (a refusal, a preview or suggested colours, none saved). */
  values?: BrandFormValues;
  /** A preview frame of unsaved values, as a data: URL (JPEG). */
  previewUrl?: string;
};
