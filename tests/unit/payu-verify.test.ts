// The verify_payment client against a real local HTTP server speaking PayU's post-service API.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPayment } from "~/utils/payu/verify.server";

const sha512 = (s: string) => createHash("sha512").update(s, "utf8").digest("hex");
const KEY = "merchantKey";
const SALT = "merchantSalt";

type Seen = { method: string; contentType: string; form: Record<string, string> };
const seen: Seen[] = [];
let server: Server;
let base = "";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    seen.push({ method: req.method ?? "", contentType: req.headers["content-type"] ?? "", form });
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/broken") {
      res.writeHead(500).end("oops");
      return;
    }
    if (url.pathname === "/garbage") {
      res.writeHead(200, { "Content-Type": "application/json" }).end("not json");
      return;
    }
    if (url.pathname === "/slow") {
      setTimeout(() => res.writeHead(200).end("{}"), 2000);
      return;
    }
    // Like PayU: a wrong hash gets no transaction details.
    if (form.hash !== sha512(`${KEY}|verify_payment|${form.var1}|${SALT}`)) {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ status: 0, msg: "Invalid Hash." }));
      return;
    }
    const details: Record<string, Record<string, unknown>> = {
      TXNOK: { mihpayid: "403993715521", status: "success", amt: "540.00", txnid: "TXNOK", unmappedstatus: "captured" },
      TXNFAIL: { mihpayid: "403993715522", status: "failure", amt: "540.00", txnid: "TXNFAIL" },
      TXNNUM: { mihpayid: 403993715523, status: "Success", transaction_amount: 2499, txnid: "TXNNUM" },
    };
    const row = details[form.var1] ?? { mihpayid: "Not Found", status: "Not Found" };
    res
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ status: 1, msg: "1 out of 1 Transactions Fetched Successfully", transaction_details: { [form.var1]: row } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const config = (path = "/merchant/postservice.php?form=2", salt = SALT) => ({ key: KEY, salt, verifyUrl: `${base}${path}` });

describe("PayU verify_payment client", () => {
  it("posts key, command, var1 and sha512(key|command|var1|SALT) as a form", async () => {
    seen.length = 0;
    const result = await verifyPayment(config(), "TXNOK");
    expect(result).toEqual({ ok: true, status: "success", amount: "540.00", mihpayid: "403993715521" });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("POST");
    expect(seen[0].contentType).toContain("application/x-www-form-urlencoded");
    expect(seen[0].form).toEqual({
      key: KEY,
      command: "verify_payment",
      var1: "TXNOK",
      hash: sha512("merchantKey|verify_payment|TXNOK|merchantSalt"),
    });
  });

  it("reports failure, not-found and numeric fields as PayU sends them", async () => {
    expect(await verifyPayment(config(), "TXNFAIL")).toMatchObject({ ok: true, status: "failure" });
    expect(await verifyPayment(config(), "TXNNONE")).toMatchObject({ ok: true, status: "not found" });
    expect(await verifyPayment(config(), "TXNNUM")).toEqual({ ok: true, status: "success", amount: "2499", mihpayid: "403993715523" });
  });

  it("fails closed on a wrong hash, HTTP errors, bad JSON, timeouts and no URL", async () => {
    expect(await verifyPayment(config(undefined, "wrong-salt"), "TXNOK")).toMatchObject({ ok: false });
    expect(await verifyPayment(config("/broken"), "TXNOK")).toEqual({ ok: false, error: "verify_payment answered HTTP 500" });
    expect(await verifyPayment(config("/garbage"), "TXNOK")).toMatchObject({ ok: false });
    expect(await verifyPayment(config("/slow"), "TXNOK", { timeoutMs: 200 })).toMatchObject({ ok: false });
    expect(await verifyPayment({ key: KEY, salt: SALT, verifyUrl: null }, "TXNOK")).toMatchObject({ ok: false });
  });
});
