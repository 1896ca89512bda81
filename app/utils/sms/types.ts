// The SMS sender interface. SMS_PROVIDER picks the implementation (index.server.ts):
// "outbox" (default) keeps messages in sms_messages for the /dev/outbox page,
// "http" posts them to an SMS API.
export type SmsMessageInput = { to: string; body: string };

export type SmsSendResult = { provider: string; id: string | null };

export interface SmsSender {
  readonly provider: string;
  send(message: SmsMessageInput): Promise<SmsSendResult>;
}

/** The message was not accepted by the provider (network failure or an error answer). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SmsSendError";
  }
}
