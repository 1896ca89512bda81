import { describe, expect, it } from "vitest";
import { z } from "zod";
import { field, INT4_MAX, parseFields } from "~/utils/form-fields";
import { MAX_FORM_BYTES, readForm, readFormData, readQuery } from "~/utils/forms.server";

function post(body: BodyInit | null, contentType: string | null, headers: Record<string, string> = {}): Request {
  const h = new Headers(headers);
  if (contentType) h.set("Content-Type", contentType);
  return new Request("http://app.test/x", { method: "POST", body, headers: h });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; text: string }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
  throw new Error("expected a refusal");
}

describe("readFormData", () => {
  it("reads urlencoded and multipart forms", async () => {
    expect((await readFormData(post("a=1&b=%C3%A9", "application/x-www-form-urlencoded"))).get("b")).toBe("é");
    const fd = new FormData();
    fd.set("a", "1");
    const multipart = new Request("http://app.test/x", { method: "POST", body: fd });
    expect((await readFormData(multipart)).get("a")).toBe("1");
  });

  it.each([
    ["application/json", '{"a":1}'],
    ["text/plain", "a=1"],
    ["application/xml", "<a/>"],
    [null, "a=1"],
    ["application/x-www-form-urlencodedX", "a=1"],
  ])("answers 415 to %s", async (type, body) => {
    const r = await refusal(readFormData(post(body, type)));
    expect(r.status).toBe(415);
    expect(r.text).toMatch(/application\/x-www-form-urlencoded or multipart\/form-data/);
  });

  it.each([
    ["no boundary", "multipart/form-data", "--x\r\n"],
    ["cut off", "multipart/form-data; boundary=XYZ", '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XY'],
    ["garbage", "multipart/form-data; boundary=XYZ", "\0\0\0\0"],
  ])("answers 400 to a broken multipart body (%s)", async (_label, type, body) => {
    expect((await refusal(readFormData(post(body, type)))).status).toBe(400);
  });

  it("answers 413 past the size limit, declared or not", async () => {
    const big = "a=" + "x".repeat(MAX_FORM_BYTES);
    expect((await refusal(readFormData(post(big, "application/x-www-form-urlencoded")))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    const chunked = new Request("http://app.test/x", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect((await refusal(readFormData(chunked, { maxBytes: 200_000 }))).status).toBe(413);
  });
});

describe("field types", () => {
  const line = field.line({ max: 10, label: "Name" });
  it.each(["\0", "a\0b", "\t", "a\nb", "\r", "\u001b[31m", "\u007f"])("a line refuses control character %j", (value) => {
    expect(line.safeParse(value).error?.issues[0].message).toBe("Name contains characters that are not allowed.");
  });

  it("a line takes unicode and refuses over-long values and files", () => {
    expect(line.parse("héllo 日本 😀")).toBe("héllo 日本 😀");
    expect(line.safeParse("x".repeat(11)).success).toBe(false);
    expect(line.safeParse(new File(["x"], "x")).success).toBe(false);
  });

  it("multi-line text keeps TAB, LF and CR and refuses the other controls", () => {
    const text = field.text({ max: 100 });
    expect(text.parse("a\tb\r\nc")).toBe("a\tb\r\nc");
    for (const bad of ["\0", "\u0008", "\u000b", "\u000c", "\u001f", "\u007f"]) expect(text.safeParse(bad).success).toBe(false);
  });

  it("an integer id is a positive int4 written in digits", () => {
    const id = field.intId();
    expect(id.parse("1")).toBe(1);
    expect(id.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of ["0", "-1", String(INT4_MAX + 1), "9999999999", "99999999999", "1e3", "1.5", " 1", "0x10", "", "١"]) {
      expect(id.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("a cuid, a uuid and a token have their formats", () => {
    expect(field.cuid().safeParse("cmwubcu090002io7dbq8os6tf").success).toBe(true);
    for (const bad of ["", "c", "x".repeat(25), "cmwubcu090002io7dbq8os6t\0", "CMWUBCU090002IO7DBQ8OS6TF"])
      expect(field.cuid().safeParse(bad).success).toBe(false);
    expect(field.uuid().safeParse("0f8fad5b-d9cb-469f-a165-70867728950e").success).toBe(true);
    expect(field.uuid().safeParse("0f8fad5b-d9cb-469f-a165-70867728950").success).toBe(false);
    expect(field.token().safeParse("RFABC123_x-y").success).toBe(true);
    for (const bad of ["", "a b", "a\0", "a/b", "x".repeat(65)]) expect(field.token().safeParse(bad).success).toBe(false);
  });

  it("optional fields read missing and empty values as undefined", () => {
    const schema = z.object({ n: field.optional(field.intId()), s: field.optional(field.line({ max: 5 })) });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ n: "", s: "" })).toEqual({ n: undefined, s: undefined });
    expect(schema.parse({ n: "7", s: "x" })).toEqual({ n: 7, s: "x" });
    expect(schema.safeParse({ n: "x" }).success).toBe(false);
  });

  it("redirectTo falls back instead of failing", () => {
    const schema = z.object({ redirectTo: field.redirectTo() });
    expect(schema.parse({})).toEqual({ redirectTo: null });
    expect(schema.parse({ redirectTo: "" })).toEqual({ redirectTo: null });
    expect(schema.parse({ redirectTo: "/a?b=1" })).toEqual({ redirectTo: "/a?b=1" });
    expect(schema.parse({ redirectTo: "/\t/evil.example" })).toEqual({ redirectTo: "/" });
    expect(schema.parse({ redirectTo: "/x\r\nSet-Cookie: a=b" })).toEqual({ redirectTo: "/" });
  });

  it("a checkbox is true only when ticked", () => {
    const schema = z.object({ c: field.checkbox() });
    expect(schema.parse({})).toEqual({ c: false });
    expect(schema.parse({ c: "on" })).toEqual({ c: true });
    expect(schema.parse({ c: "1" })).toEqual({ c: true });
    expect(schema.parse({ c: "off" })).toEqual({ c: false });
  });
});

describe("parsing", () => {
  const schema = z.object({ name: field.line({ max: 10, label: "Name" }), age: field.optional(field.intId("Age")) });

  it("returns the first value of each field and the errors by field", () => {
    const form = new URLSearchParams([
      ["name", "Ann"],
      ["name", "Bob"],
    ]);
    expect(parseFields(schema, form)).toEqual({ ok: true, data: { name: "Ann" } });
    const bad = parseFields(schema, new URLSearchParams({ name: "a\0", age: "99999999999" }));
    expect(bad).toEqual({
      ok: false,
      formError: "Name contains characters that are not allowed.",
      fieldErrors: { name: "Name contains characters that are not allowed.", age: "Age is out of range." },
    });
  });

  it("readForm refuses before parsing", async () => {
    expect((await refusal(readForm(post("{}", "application/json"), schema))).status).toBe(415);
    const ok = await readForm(post("name=Ann", "application/x-www-form-urlencoded"), schema);
    expect(ok.ok && ok.data).toEqual({ name: "Ann" });
  });

  it("readQuery answers 400 with the message, and .catch() gives defaults", async () => {
    const query = z.object({ q: field.optional(field.line({ max: 20, label: "The search text" })), tab: z.enum(["a", "b"]).catch("a") });
    expect(readQuery(new URL("http://app.test/?tab=zzz&q=hi"), query)).toEqual({ q: "hi", tab: "a" });
    let thrown: unknown;
    try {
      readQuery(new URL("http://app.test/?q=%00"), query);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toMatch(/The search text contains characters that are not allowed/);
  });
});
