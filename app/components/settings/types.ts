export type SettingsActionData =
  | { intent: "username"; ok: true; message: string; username: string }
  | { intent: "username"; ok: false; message: string; value: string }
  | { intent: "avatar"; ok: true; message: string }
  | { intent: "avatar"; ok: false; message: string; detail?: string };
