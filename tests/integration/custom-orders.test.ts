// Custom orders end to end through the doors, against a real PostgreSQL and local storage: a
// user's request is charged 20 credits with the order (or not at all); staff update, add and
// delete media (the stored file goes), deliver once (URL or files needed) and the customer is
// notified; order links get 8-character codes, take guest orders, refuse when inactive or
// expired, and a paid link's order is pending only once paid. Every admin action and door
// refuses a non-admin (403) and an anonymous visitor (sign in / 401), changing nothing.
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ORDER_MESSAGES, LINK_MESSAGES } from "~/models/orders/custom-order-rules";
import { initiatePayment, processGatewayCallback } from "~/models/billing";
import { prisma } from "~/utils/db.server";
import { gatewayConfig } from "~/utils/payu/config.server";
import * as myOrders from "~/routes/_shell.custom-orders._index";
import * as orderPage from "~/routes/_shell.custom-orders.$orderNumber";
import * as ordersTab from "~/routes/_shell.admin.orders";
import * as orderDialog from "~/routes/_shell.admin.orders.$orderId";
import * as linksTab from "~/routes/_shell.admin.links";
import * as linkPage from "~/routes/order.$accessCode";
import * as staffFiles from "~/routes/resources.admin.orders.$orderId.files";
import * as requestDoor from "~/routes/resources.custom-orders";
import { png } from "../fixtures/storage-media";
import { get, post, run, unwrap } from "./dashboard-helpers";
import { fieldsOf, signedAnswer } from "./payments-helpers";
import { filesUnder, multipart, newUser, useTempStorage } from "./storage-helpers";

const ORIGIN = "http://localhost:3109";
let storage: Awaited<ReturnType<typeof useTempStorage>>;
let admin: { user: { id: string }; cookie: string };
let customer: { user: { id: string }; cookie: string };
let other: { user: { id: string }; cookie: string };

async function credit(userId: string, amount: number) {
  await prisma.creditAccount.upsert({ where: { userId }, create: { userId, balance: amount }, update: { balance: amount } });
}
async function balance(userId: string) {
  return Number((await prisma.creditAccount.findUnique({ where: { userId } }))?.balance ?? 0);
}
function status(value: unknown): number {
  if (value instanceof Response) return value.status;
  return unwrap(value).status;
}
function location(value: unknown): string | null {
  return value instanceof Response ? value.headers.get("Location") : null;
}
const file = (name = "photo.png") => ({ name: "files", value: { bytes: png(), filename: name, type: "image/png" } });

beforeAll(async () => {
  storage = await useTempStorage();
  admin = await newUser({ admin: true });
  customer = await newUser();
  other = await newUser();
  await prisma.profile.create({ data: { userId: customer.user.id, username: `cust_${Date.now().toString(36)}` } });
});
afterAll(() => storage.cleanup());

async function placeOrder(cookie: string, remark = "A 30 second reel") {
  return run(myOrders.action, multipart(`${ORIGIN}/custom-orders?index`, [file(), { name: "remark", value: remark }], cookie));
}

describe("a user's custom order", () => {
  it("charges 20 credits with the order and stores the files under the order", async () => {
    await credit(customer.user.id, 100);
    const answer = await placeOrder(customer.cookie);
    expect(status(answer)).toBe(302);
    const order = await prisma.customOrder.findFirstOrThrow({ where: { userId: customer.user.id }, orderBy: { createdAt: "desc" }, include: { media: true } });
    expect(location(answer)).toBe(`/custom-orders/${order.orderNumber}`);
    expect(order).toMatchObject({ status: "pending", remark: "A 30 second reel" });
    expect(Number(order.creditsUsed)).toBe(20);
    expect(await balance(customer.user.id)).toBe(80);
    expect(await prisma.creditLedgerEntry.count({ where: { userId: customer.user.id, reason: "custom_order_charge", reference: order.id } })).toBe(1);
    expect(order.media).toHaveLength(1);
    expect(order.media[0].mediaUrl.startsWith(`custom-order-media/${order.id}/`)).toBe(true);
    expect((await filesUnder(storage.root)).some((f) => f.includes(order.id))).toBe(true);
  });

  it("refuses without 20 credits or without a file, charging and keeping nothing", async () => {
    const poor = await newUser();
    await credit(poor.user.id, 19);
    const before = await filesUnder(storage.root);
    const refused = unwrap<{ error: string }>(await placeOrder(poor.cookie));
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe(ORDER_MESSAGES.insufficientCredits);
    expect(await balance(poor.user.id)).toBe(19);
    expect(await prisma.customOrder.count({ where: { userId: poor.user.id } })).toBe(0);
    expect(await filesUnder(storage.root)).toEqual(before);

    await credit(poor.user.id, 50);
    const noFile = unwrap<{ error: string }>(await run(myOrders.action, post("/custom-orders?index", { remark: "no file" }, poor.cookie)));
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toBe(ORDER_MESSAGES.noFiles);
    expect(await balance(poor.user.id)).toBe(50);
  });

  it("the JSON door answers the dialog's script the same way", async () => {
    await credit(customer.user.id, 100);
    const res = (await run(requestDoor.action, multipart(`${ORIGIN}/resources/custom-orders`, [file()], customer.cookie))) as Response;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, message: ORDER_MESSAGES.submitted });
    const anonymous = (await run(requestDoor.action, multipart(`${ORIGIN}/resources/custom-orders`, [file()]))) as Response;
    expect(anonymous.status).toBe(401);
  });

  it("an order is shown to its customer and staff only", async () => {
    const order = await prisma.customOrder.findFirstOrThrow({ where: { userId: customer.user.id } });
    const params = { orderNumber: String(order.orderNumber) };
    expect(status(await run(orderPage.loader, get(`/custom-orders/${order.orderNumber}`, customer.cookie), params))).toBe(200);
    expect(status(await run(orderPage.loader, get(`/custom-orders/${order.orderNumber}`, admin.cookie), params))).toBe(200);
    expect(status(await run(orderPage.loader, get(`/custom-orders/${order.orderNumber}`, other.cookie), params))).toBe(404);
  });
});

describe("staff fulfil an order", () => {
  it("lists orders newest first with usernames, saves status and notes, delivers once and notifies the customer", async () => {
    await credit(customer.user.id, 100);
    await placeOrder(customer.cookie, "deliver me");
    const order = await prisma.customOrder.findFirstOrThrow({ where: { userId: customer.user.id, remark: "deliver me" } });

    const list = unwrap<{ rows: { id: string; customer: string | null }[] }>(await run(ordersTab.loader, get("/admin/orders", admin.cookie)));
    expect(list.body.rows[0].id).toBe(order.id);
    expect(list.body.rows[0].customer).toMatch(/^cust_/);
    const filtered = unwrap<{ rows: { id: string }[] }>(await run(ordersTab.loader, get("/admin/orders?status=failed", admin.cookie)));
    expect(filtered.body.rows.some((r) => r.id === order.id)).toBe(false);

    const params = { orderId: order.id };
    const saved = await run(
      orderDialog.action,
      post(`/admin/orders/${order.id}`, { intent: "update-status", status: "in_progress", adminNotes: "On it" }, admin.cookie),
      params,
    );
    expect(status(saved)).toBe(302);
    expect(await prisma.customOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "in_progress", adminNotes: "On it" });

    const empty = unwrap<{ error: string }>(
      await run(
        orderDialog.action,
        multipart(`${ORIGIN}/admin/orders/${order.id}?role=delivery&deliver=1`, [{ name: "deliveryMessage", value: "Here" }], admin.cookie),
        params,
      ),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(ORDER_MESSAGES.deliveryNeedsContent);

    const delivered = await run(
      orderDialog.action,
      multipart(
        `${ORIGIN}/admin/orders/${order.id}?role=delivery&deliver=1`,
        [file("final.png"), { name: "deliveryMessage", value: "Your reel is ready" }],
        admin.cookie,
      ),
      params,
    );
    expect(status(delivered)).toBe(302);
    const after = await prisma.customOrder.findUniqueOrThrow({ where: { id: order.id }, include: { media: true } });
    expect(after.status).toBe("completed");
    expect(after.deliveredAt).not.toBeNull();
    expect(after.deliveryMessage).toBe("Your reel is ready");
    expect(after.media.filter((m) => m.role === "delivery")).toHaveLength(1);
    const note = await prisma.notification.findFirst({ where: { userId: customer.user.id, type: "custom_order" }, orderBy: { createdAt: "desc" } });
    expect(note?.link).toBe(`/custom-orders/${order.orderNumber}`);
    // The delivered file is the customer's to download.
    const deliveredRow = after.media.find((m) => m.role === "delivery")!;
    const [bucket, ...key] = deliveredRow.mediaUrl.split("/");
    expect((await prisma.storedObject.findUniqueOrThrow({ where: { bucket_key: { bucket, key: key.join("/") } } })).ownerId).toBe(customer.user.id);

    const again = unwrap<{ error: string }>(
      await run(
        orderDialog.action,
        multipart(`${ORIGIN}/admin/orders/${order.id}?role=delivery&deliver=1`, [{ name: "deliveryUrl", value: "https://example.com/v" }], admin.cookie),
        params,
      ),
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ORDER_MESSAGES.alreadyDelivered);
  });

  it("deleting media removes the stored file", async () => {
    await credit(customer.user.id, 100);
    await placeOrder(customer.cookie, "media");
    const order = await prisma.customOrder.findFirstOrThrow({ where: { remark: "media" }, include: { media: true } });
    const media = order.media[0];
    const key = media.mediaUrl.slice("custom-order-media/".length);
    expect(
      await fs.stat(path.join(storage.root, "custom-order-media", key)).then(
        () => true,
        () => false,
      ),
    ).toBe(true);
    const done = await run(
      orderDialog.action,
      post(`/admin/orders/${order.id}`, { intent: "delete-media", mediaId: media.id, confirmed: "yes" }, admin.cookie),
      { orderId: order.id },
    );
    expect(status(done)).toBe(302);
    expect(await prisma.customOrderMedia.count({ where: { id: media.id } })).toBe(0);
    expect(await prisma.storedObject.count({ where: { bucket: "custom-order-media", key } })).toBe(0);
    expect((await filesUnder(storage.root)).some((f) => f.includes(key))).toBe(false);
  });
});

describe("the staff list", () => {
  async function countQueries(fn: () => Promise<unknown>): Promise<{ count: number; result: unknown }> {
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      spy.mockClear();
      const result = await fn();
      return { count: spy.mock.calls.length, result };
    } finally {
      spy.mockRestore();
    }
  }

  it("shows 24 orders a page (ADR 365), newest first, the rest on the next page, usernames in one query", async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => newUser()));
    await prisma.profile.createMany({ data: customers.map((c, i) => ({ userId: c.user.id, username: `lister_${i}_${Date.now().toString(36)}` })) });
    const base = Date.now() - 10_000_000;
    await prisma.customOrder.createMany({
      data: Array.from({ length: 27 }, (_, i) => ({ userId: customers[i % 6].user.id, status: "processing" as const, createdAt: new Date(base + i * 1000) })),
    });
    type Page = { rows: { createdAt: string; customer: string | null }[]; hasMore: boolean };
    const first = await countQueries(() => run(ordersTab.loader, get("/admin/orders?status=processing", admin.cookie)));
    const page1 = unwrap<Page>(first.result).body;
    expect(page1.rows).toHaveLength(24);
    expect(page1.hasMore).toBe(true);
    expect(page1.rows.every((r) => r.customer?.startsWith("lister_"))).toBe(true);
    const times = page1.rows.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await countQueries(() => run(ordersTab.loader, get("/admin/orders?status=processing&page=2", admin.cookie)));
    const page2 = unwrap<Page>(second.result).body;
    expect(page2.rows).toHaveLength(3);
    expect(page2.hasMore).toBe(false);
    expect(Date.parse(page2.rows[0].createdAt)).toBeLessThan(times.at(-1)!);
    // Six customers or one: the same statements (no query per row or per customer).
    expect(first.count).toBe(second.count);
  });
});

describe("the staff's order list row (one statement, ADR 392)", () => {
  it("names the customer by username, a guest by name, the type by its link, and the credits and times exactly", async () => {
    const named = await newUser();
    const unnamed = await newUser();
    await prisma.profile.create({ data: { userId: named.user.id, username: `rowname_${Date.now().toString(36)}` } });
    const guest = await prisma.customOrderGuest.create({ data: { name: "Asha Guest" } });
    const link = await prisma.customOrderLink.create({ data: { title: "Festive reel", accessCode: `row${Date.now().toString(36)}` } });
    const at = new Date(Date.now() + 86_400_000); // newest of the table, so on the first page
    const [a, b, c] = await Promise.all([
      prisma.customOrder.create({
        data: { userId: named.user.id, status: "delivered", creditsUsed: 12.5, deliveredAt: new Date(at.getTime() + 7), createdAt: at },
      }),
      prisma.customOrder.create({ data: { guestId: guest.id, orderLinkId: link.id, status: "awaiting_payment", createdAt: new Date(at.getTime() - 1) } }),
      prisma.customOrder.create({ data: { userId: unnamed.user.id, status: "pending", creditsUsed: 0.1, createdAt: new Date(at.getTime() - 2) } }),
    ]);
    const { rows } = unwrap<{ rows: Record<string, unknown>[] }>(await run(ordersTab.loader, get("/admin/orders", admin.cookie))).body;
    expect(rows.slice(0, 3)).toEqual([
      {
        id: a.id,
        orderNumber: a.orderNumber,
        createdAt: at.toISOString(),
        status: "delivered",
        creditsUsed: 12.5,
        customer: expect.stringMatching(/^rowname_/),
        isGuest: false,
        orderType: "Custom Order",
        deliveredAt: new Date(at.getTime() + 7).toISOString(),
      },
      {
        id: b.id,
        orderNumber: b.orderNumber,
        createdAt: new Date(at.getTime() - 1).toISOString(),
        status: "awaiting_payment",
        creditsUsed: 0,
        customer: "Asha Guest",
        isGuest: true,
        orderType: "Festive reel",
        deliveredAt: null,
      },
      {
        id: c.id,
        orderNumber: c.orderNumber,
        createdAt: new Date(at.getTime() - 2).toISOString(),
        status: "pending",
        creditsUsed: 0.1,
        customer: null,
        isGuest: false,
        orderType: "Custom Order",
        deliveredAt: null,
      },
    ]);
    const guests = unwrap<{ rows: { id: string }[] }>(await run(ordersTab.loader, get("/admin/orders?status=awaiting_payment", admin.cookie))).body.rows;
    expect(guests[0].id).toBe(b.id);
    await prisma.customOrder.deleteMany({ where: { id: { in: [a.id, b.id, c.id] } } });
  });
});

describe("order links", () => {
  async function createLink(fields: Record<string, string>) {
    const answer = await run(linksTab.action, post("/admin/links", { intent: "create", requirePhoneSent: "1", requirePhone: "on", ...fields }, admin.cookie));
    expect(status(answer)).toBe(302);
    return prisma.customOrderLink.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
  }

  it("get an 8-character code and the defaults; a title is required", async () => {
    const link = await createLink({ title: "Diwali reel" });
    expect(link.accessCode).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(link).toMatchObject({ creditsAmount: 5, requirePhone: true, isActive: true });
    expect(Number(link.customRate)).toBe(0);
    const refused = unwrap<{ error: string }>(await run(linksTab.action, post("/admin/links", { intent: "create", title: "  " }, admin.cookie)));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(LINK_MESSAGES.titleRequired);
    const badCredits = unwrap<{ error: string }>(
      await run(linksTab.action, post("/admin/links", { intent: "create", title: "x", creditsAmount: "0" }, admin.cookie)),
    );
    expect(badCredits.status).toBe(400);
  });

  it("take a guest's order on a free link at once; refuse when inactive or expired", async () => {
    const link = await createLink({ title: "Free sample" });
    const params = { accessCode: link.accessCode };
    const noPhone = unwrap<{ error: string }>(
      await run(
        linkPage.action,
        multipart(`${ORIGIN}/order/${link.accessCode}`, [file(), { name: "name", value: "Ravi" }, { name: "email", value: "ravi@example.com" }]),
        params,
      ),
    );
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error).toBe(LINK_MESSAGES.phoneInvalid);
    const placed = await run(
      linkPage.action,
      multipart(`${ORIGIN}/order/${link.accessCode}`, [
        file(),
        { name: "name", value: "Ravi" },
        { name: "email", value: "ravi@example.com" },
        { name: "phone", value: "+91 98765 43210" },
      ]),
      params,
    );
    expect(status(placed)).toBe(303);
    const order = await prisma.customOrder.findFirstOrThrow({ where: { orderLinkId: link.id }, include: { guest: true } });
    expect(order).toMatchObject({ status: "pending", userId: null });
    expect(order.guest?.name).toBe("Ravi");
    expect(Number(order.creditsUsed)).toBe(5);

    await run(linksTab.action, post("/admin/links", { intent: "toggle", linkId: link.id, active: "false" }, admin.cookie));
    const inactive = unwrap<{ error: string }>(await run(linkPage.action, multipart(`${ORIGIN}/order/${link.accessCode}`, [file()]), params));
    expect(inactive.status).toBe(410);
    expect(inactive.body.error).toBe(LINK_MESSAGES.inactive);

    // A link cannot be created already expired (ADR 268): this one's expiry passes after it was made.
    const expired = await createLink({ title: "Old", expiryDate: "2099-01-01" });
    await prisma.customOrderLink.update({ where: { id: expired.id }, data: { expiryDate: new Date("2020-01-01T00:00:00Z") } });
    const gone = unwrap<{ error: string }>(
      await run(linkPage.action, multipart(`${ORIGIN}/order/${expired.accessCode}`, [file()]), { accessCode: expired.accessCode }),
    );
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe(LINK_MESSAGES.expired);
  });

  it("a paid link's order continues to payment and is pending only once paid", async () => {
    const link = await createLink({ title: "Paid reel", customRate: "1500" });
    const placed = await run(
      linkPage.action,
      multipart(`${ORIGIN}/order/${link.accessCode}`, [
        file(),
        { name: "name", value: "Asha" },
        { name: "email", value: "asha@example.com" },
        { name: "phone", value: "+919876543210" },
      ]),
      { accessCode: link.accessCode },
    );
    const order = await prisma.customOrder.findFirstOrThrow({ where: { orderLinkId: link.id } });
    expect(location(placed)).toBe(`/payment?orderId=${order.id}`);
    expect(order.status).toBe("awaiting_payment");
    const started = await initiatePayment({ user: null, orderId: order.id }, { provider: "sandbox" });
    if (!started.ok) throw new Error(JSON.stringify(started));
    const outcome = await processGatewayCallback(signedAnswer(fieldsOf(started.checkout), gatewayConfig("sandbox")!.salt, "success"), "success");
    expect(outcome.result).toBe("success");
    expect((await prisma.customOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
  });
});

describe("every admin action refuses non-admins and anonymous visitors", () => {
  it("403 for a signed-in user, sign-in for anonymous; nothing changes", async () => {
    await credit(customer.user.id, 100);
    await placeOrder(customer.cookie, "guarded");
    const order = await prisma.customOrder.findFirstOrThrow({ where: { remark: "guarded" }, include: { media: true } });
    const link = await prisma.customOrderLink.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    const snapshot = async () => ({
      order: await prisma.customOrder.findUniqueOrThrow({ where: { id: order.id } }),
      media: await prisma.customOrderMedia.count({ where: { orderId: order.id } }),
      link: await prisma.customOrderLink.findUniqueOrThrow({ where: { id: link.id } }),
      links: await prisma.customOrderLink.count(),
    });
    const before = await snapshot();
    const oid = { orderId: order.id };
    const calls: [string, (cookie?: string) => Promise<unknown>][] = [
      ["orders list", (c) => run(ordersTab.loader, get("/admin/orders", c))],
      ["order dialog", (c) => run(orderDialog.loader, get(`/admin/orders/${order.id}`, c), oid)],
      ["update status", (c) => run(orderDialog.action, post(`/admin/orders/${order.id}`, { intent: "update-status", status: "failed" }, c), oid)],
      [
        "delete media",
        (c) => run(orderDialog.action, post(`/admin/orders/${order.id}`, { intent: "delete-media", mediaId: order.media[0].id, confirmed: "yes" }, c), oid),
      ],
      ["upload media", (c) => run(orderDialog.action, multipart(`${ORIGIN}/admin/orders/${order.id}?role=admin`, [file()], c), oid)],
      [
        "deliver",
        (c) =>
          run(
            orderDialog.action,
            multipart(`${ORIGIN}/admin/orders/${order.id}?role=delivery&deliver=1`, [{ name: "deliveryUrl", value: "https://example.com" }], c),
            oid,
          ),
      ],
      ["links list", (c) => run(linksTab.loader, get("/admin/links", c))],
      ["create link", (c) => run(linksTab.action, post("/admin/links", { intent: "create", title: "Sneaky" }, c))],
      ["toggle link", (c) => run(linksTab.action, post("/admin/links", { intent: "toggle", linkId: link.id, active: String(!link.isActive) }, c))],
    ];
    for (const [what, call] of calls) {
      expect(status(await call(other.cookie)), `${what} as a user`).toBe(403);
      const anonymous = await call(undefined);
      expect(status(anonymous), `${what} anonymous`).toBe(302);
      expect(location(anonymous), `${what} anonymous`).toMatch(/^\/auth\/login/);
    }
    for (const [role, deliver] of [
      ["admin", ""],
      ["delivery", "&deliver=1"],
    ]) {
      const url = `${ORIGIN}/resources/admin/orders/${order.id}/files?role=${role}${deliver}`;
      expect(((await run(staffFiles.action, multipart(url, [file()], other.cookie), oid)) as Response).status).toBe(403);
      expect(((await run(staffFiles.action, multipart(url, [file()]), oid)) as Response).status).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
