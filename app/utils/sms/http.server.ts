// SMS API adapter: POST {to, from, body} as JSON to SMS_API_URL with "Authorization: Bearer
// SMS_API_KEY". Any 2xx answer means accepted; anything else (or no answer) is an SmsSendError.
import { SmsSendError, type SmsSender } from "./types";

export const HTTP_PROVIDER = "http";

export type HttpSmsOptions = {
  url: string;
  apiKey?: string | null;
  from: string;
  timeoutMs?: number;
};

export function createHttpSmsSender(options: HttpSmsOptions): SmsSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    provider: HTTP_PROVIDER,
    async send({ to, body }) {
      const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
      if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: "POST",
          headers,
          body: JSON.stringify({ to, from: options.from, body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError("The SMS API could not be reached.", null, { cause: error });
      }
      const text = await response.text().catch(() => "");
      if (!response.ok) {
        throw new SmsSendError(`The SMS API answered ${response.status}: ${text.slice(0, 200)}`, response.status);
      }
      return { provider: HTTP_PROVIDER, id: messageId(text) };
    },
  };
}

function messageId(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object") {
      const id = (parsed as Record<string, unknown>).id ?? (parsed as Record<string, unknown>).messageId;
      if (typeof id === "string" || typeof id === "number") return String(id);
    }
  } catch {
    // A provider may answer with an empty or non-JSON body; the status code is what counts.
  }
  return null;
}
