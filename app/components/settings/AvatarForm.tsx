// Avatar: an image uploaded through the storage module. Without JavaScript the form posts the
// file (multipart) to the settings action; with it, FileUpload sends the file at once with real
// progress and the reference is saved by a fetcher.
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useCallback } from "react";
import { FileUpload } from "~/components/upload/FileUpload";
import type { UploadedFile } from "~/components/upload/useUpload";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import type { SettingsActionData } from "./types";

export const AVATAR_FETCHER_KEY = "settings-avatar";

export function Avatar({ url, label, className }: { url: string | null; label: string; className?: string }) {
  const initial = label.trim().charAt(0).toUpperCase() || "?";
  return url ? (
    <img src={url} alt="Your avatar" className={cx("size-20 rounded-full border border-slate-200 object-cover", className)} />
  ) : (
    <span aria-hidden="true" className={cx("flex size-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-700", className)}>
      {initial}
    </span>
  );
}

export function AvatarForm({ result }: { result: Extract<SettingsActionData, { intent: "avatar" }> | undefined }) {
  const fetcher = useFetcher<SettingsActionData>({ key: AVATAR_FETCHER_KEY });
  const navigation = useNavigation();
  const saving = fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formEncType === "multipart/form-data");
  const latest = (fetcher.data?.intent === "avatar" ? fetcher.data : undefined) ?? result;

  const onUploaded = useCallback(
    (file: UploadedFile) => {
      const form = new FormData();
      form.set("intent", "avatar");
      form.set("avatarRef", file.ref);
      fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
    },
    // fetcher.submit is stable across renders in Remix 2.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="avatar" />
      <FileUpload
        bucket="avatars"
        name="avatar"
        kinds={["image"]}
        label="Upload a new avatar"
        description="An image (JPEG, PNG, WebP or GIF)."
        onUploaded={onUploaded}
        error={latest && !latest.ok ? latest.message : null}
      />
      <div aria-live="polite" className="min-h-5 text-sm">
        {latest?.ok ? <p className="text-green-700">{latest.message}</p> : null}
        {latest && !latest.ok && latest.detail ? <p className="text-slate-600">{latest.detail}</p> : null}
      </div>
      <Button type="submit" variant="secondary" className="self-start" disabled={saving}>
        {saving ? "Saving..." : "Save avatar"}
      </Button>
    </Form>
  );
}
