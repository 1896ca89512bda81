import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LEGAL_EFFECTIVE } from "~/components/landing/legal";
import { processingSteps, usesAnyModel } from "~/components/landing/provider-copy";
import { TextPage } from "~/components/landing/TextPage";
import { activeModels } from "~/providers/model-use.server";
import { env } from "~/utils/env.server";

export const meta: MetaFunction = () => [{ title: "Privacy Policy — Reelforge" }];

export async function loader() {
  // Section 4 describes the providers that are active, naming AI models only where one serves (ADR 135).
  return { contactEmail: env().CONTACT_EMAIL, models: await activeModels() };
}

export default function Privacy() {
  const { contactEmail, models } = useLoaderData<typeof loader>();
  const anyModel = usesAnyModel(models);
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return (
    <TextPage
      title="Privacy Policy"
      effective={LEGAL_EFFECTIVE}
      intro={<p>This policy explains what personal data Reelforge collects when you use the service, why, and the choices you have.</p>}
    >
      <h2>1. Who we are</h2>
      <p>
        Reelforge is an online service that turns scripts, product images, voices and styles into short video ads. In this policy "Reelforge", "we" and "us"
        mean the operator of the service. You can reach us about privacy at {mail}.
      </p>

      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your e-mail address or phone number, your username and profile picture, and, if you sign in with Google, the name and
          e-mail address Google shares with us. Passwords are stored only as salted hashes.
        </li>
        <li>
          <strong>Content you provide:</strong> scripts and ideas, product and avatar images, background music, messages about custom orders, and the videos,
          images and stories created from them.
        </li>
        <li>
          <strong>Payment data:</strong> the plan you bought, the amount, the date and the transaction reference. Card and bank details are entered on the
          payment provider's page and are never stored by us.
        </li>
        <li>
          <strong>Technical data:</strong> sign-in sessions, IP address, browser type and the time of requests, kept in server logs to run and protect the
          service.
        </li>
      </ul>

      <h2>3. How we use it</h2>
      <ul>
        <li>to create the videos, images and stories you ask for and deliver them to your dashboard;</li>
        <li>to run your account, your credit balance and your purchases;</li>
        <li>to answer your messages and fulfil custom orders;</li>
        <li>to keep the service secure and prevent fraud and abuse;</li>
        <li>to meet legal, tax and accounting obligations.</li>
      </ul>
      <p>We do not sell your personal data and we do not use it for third-party advertising.</p>

      <h2>4. How your content is processed</h2>
      <p>To make a video, the content you submit goes through these steps:</p>
      <ul>
        {processingSteps(models).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      {anyModel ? (
        <p>Where an AI model runs at an outside provider, that provider processes your content on our behalf and only to produce your result.</p>
      ) : (
        <p>These steps run on our own servers and use no AI model; your content is not sent to an outside AI service.</p>
      )}

      <h2>5. Who we share it with</h2>
      <ul>
        <li>
          service providers that host the service, store files, send sign-in codes
          {anyModel ? ", process payments or run AI models for us;" : " or process payments for us;"}
        </li>
        <li>other users, only for content you choose to make public (it then appears in Explore);</li>
        <li>authorities, when the law requires it, or to protect the rights and safety of our users and of Reelforge.</li>
      </ul>

      <h2>6. Cookies</h2>
      <p>
        We use a session cookie to keep you signed in and a preference cookie ("sidebar_state") that remembers whether the sidebar is open. We do not use
        advertising or tracking cookies.
      </p>

      <h2>7. How long we keep it</h2>
      <p>
        We keep your account data and content while your account exists. When you ask us to delete your account, we delete your personal data and content,
        except records we must keep by law (such as payment records), which we keep only for the period the law requires.
      </p>

      <h2>8. Security</h2>
      <p>
        We protect your data with encrypted connections, hashed passwords, server-side sessions that can be revoked, and access checks on every file and page.
        No system is perfectly secure; if a breach affects you, we will tell you.
      </p>

      <h2>9. Your rights</h2>
      <p>
        You can see and change your profile in Profile Settings. You can also ask us for a copy of your personal data, to correct it, or to delete it, and you
        can withdraw consent you have given, by writing to {mail}. We answer within 30 days.
      </p>

      <h2>10. Children</h2>
      <p>
        Reelforge is not meant for children under 13. We do not knowingly collect personal data from children under 13; if we learn that we have, we delete it.
        If you believe a child under 13 has given us personal data, please contact us at {mail}.
      </p>

      <h2>11. Changes to this policy</h2>
      <p>
        If we change this policy, we publish the new version on this page with a new effective date, and tell signed-in users about important changes. See also
        our <Link to="/terms">Terms of Service</Link>.
      </p>

      <h2>12. Contact</h2>
      <p>Questions about this policy or your data: {mail}.</p>
    </TextPage>
  );
}
