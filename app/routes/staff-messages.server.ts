// Route-only helper of the two doors onto the staff-user conversation (/admin/user-messages for
// staff, /messages for the user): reads a message post — multipart with attachments streamed
// into the message-attachments bucket as files of the conversation's user, or a plain form
// without files — and hands it to the core (staff-messages.server.ts). Files of a message the
// core refuses are removed again.
import { data } from "@remix-run/node";
import { z } from "zod";
import type { Actor } from "~/models/access";
import { STAFF_MESSAGE_MESSAGES } from "~/models/messaging/admin-messages";
import { removeFiles, type StoredFile, parseMultipartUpload } from "~/models/files";
import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX_LENGTH, sendMessage, type ConversationMessage } from "~/models/messaging";
import { field, parseFields } from "~/utils/form-fields";
import { isMultipart, readForm } from "~/utils/forms.server";

export type MessageActionData = {
  ok: boolean;
  message: string;
  sent?: ConversationMessage;
  /** The text of a message that was not sent (shown with its error). */ draft?: string;
};

const messageFields = z.object({
  message: field.optional(field.text({ max: MESSAGE_MAX_LENGTH, label: "The message" })),
  projectId: field.optional(field.token("The project id", 64)),
});

export const ATTACHMENT_FIELD = "attachments";

export async function sendMessageFromRequest(request: Request, actor: Actor, conversationUserId: string) {
  let fields: z.output<typeof messageFields>;
  let files: StoredFile[] = [];
  if (isMultipart(request)) {
    const upload = await parseMultipartUpload(request, {
      [ATTACHMENT_FIELD]: { bucket: "message-attachments", ownerId: conversationUserId, maxFiles: MESSAGE_ATTACHMENTS_MAX },
    });
    if (!upload.ok) return data<MessageActionData>({ ok: false, message: upload.error }, { status: upload.status });
    const parsed = parseFields(messageFields, upload.fields);
    if (!parsed.ok) {
      await removeFiles(upload.files);
      return data<MessageActionData>({ ok: false, message: parsed.formError }, { status: 400 });
    }
    fields = parsed.data;
    files = upload.files;
  } else {
    const parsed = await readForm(request, messageFields);
    if (!parsed.ok) return data<MessageActionData>({ ok: false, message: parsed.formError }, { status: 400 });
    fields = parsed.data;
  }
  try {
    const result = await sendMessage(actor, { userId: conversationUserId, message: fields.message, projectId: fields.projectId, attachments: files });
    if (!result.ok) {
      if (result.code !== "error") await removeFiles(files);
      // A message that was stored but could not be delivered is in the conversation already, marked error.
      const draft = result.code === "error" ? undefined : fields.message;
      return data<MessageActionData>(
        { ok: false, message: result.message, draft },
        { status: result.code === "not_found" ? 404 : result.code === "error" ? 502 : 400 },
      );
    }
    return data<MessageActionData>({ ok: true, message: "", sent: result.message });
  } catch (error) {
    console.error("staff message: send failed", error);
    await removeFiles(files);
    return data<MessageActionData>({ ok: false, message: STAFF_MESSAGE_MESSAGES.sendError, draft: fields.message }, { status: 503 });
  }
}
