// Picks the SMS sender from SMS_PROVIDER (default "outbox").
import { env } from "~/utils/env.server";
import { createHttpSmsSender } from "./http.server";
import { createOutboxSender } from "./outbox.server";
import type { SmsSender } from "./types";

export type { SmsMessageInput, SmsSender, SmsSendResult } from "./types";
export { SmsSendError } from "./types";

export function getSmsSender(): SmsSender {
  const config = env();
  if (config.SMS_PROVIDER === "http") {
    if (!config.SMS_API_URL) throw new Error("SMS_PROVIDER=http needs SMS_API_URL");
    return createHttpSmsSender({ url: config.SMS_API_URL, apiKey: config.SMS_API_KEY, from: config.SMS_FROM });
  }
  return createOutboxSender();
}

export function activeSmsProvider(): string {
  return env().SMS_PROVIDER;
}
