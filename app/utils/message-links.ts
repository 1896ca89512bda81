// References inside staff-user messages become links (ADR 189): "#order-{digits}" to the order's
// page /custom-orders/{digits}, and a project reference ("#project-{id}" or a "/canvas/{id}"
// path) to the project (the caller says where: the canvas for staff, the conversation's project
// filter for users). Client-safe and pure: the text is split into parts, never turned into HTML.
export type MessagePart =
  { kind: "text"; text: string } | { kind: "order"; text: string; href: string } | { kind: "project"; text: string; projectId: string; href: string };

const REFERENCE = /#order-(\d{1,10})(?![\w-])|#project-([A-Za-z0-9_-]{1,64})|(?<![\w/])\/canvas\/([A-Za-z0-9_-]{1,64})/g;

export function messageParts(text: string, projectHref: (projectId: string) => string = (id) => `/canvas/${id}`): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: "text", text: text.slice(last, at) });
    const [whole, orderDigits, projectTag, canvasId] = match;
    if (orderDigits) parts.push({ kind: "order", text: whole, href: `/custom-orders/${orderDigits}` });
    else {
      const projectId = projectTag ?? canvasId;
      parts.push({ kind: "project", text: whole, projectId, href: projectHref(projectId) });
    }
    last = at + whole.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
