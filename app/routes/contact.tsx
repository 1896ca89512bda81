import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TextPage } from "~/components/landing/TextPage";
import { env } from "~/utils/env.server";

export const meta: MetaFunction = () => [{ title: "Contact — Reelforge" }];

export function loader() {
  return { contactEmail: env().CONTACT_EMAIL };
}

export default function Contact() {
  const { contactEmail } = useLoaderData<typeof loader>();
  return (
    <TextPage title="Contact" intro={<p>We are happy to help with orders, payments, your account or anything else.</p>}>
      <h2>E-mail</h2>
      <p>
        Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. Tell us the e-mail address or phone number of your account and, for an order or a
        payment, its number. We answer within two working days.
      </p>
      <h2>About a payment</h2>
      <p>For a payment, include its transaction ID from the history on Plans &amp; Billing, so we can find it at once.</p>
      <h2>Privacy requests</h2>
      <p>To get a copy of your data or to have it deleted, write to the same address with the subject "Privacy request".</p>
    </TextPage>
  );
}
