import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LEGAL_EFFECTIVE } from "~/components/landing/legal";
import { TextPage } from "~/components/landing/TextPage";
import { VIDEO_COST_CREDITS } from "~/models/billing";
import { env } from "~/utils/env.server";

export const meta: MetaFunction = () => [{ title: "Terms of Service — Reelforge" }];

export function loader() {
  const e = env();
  return { contactEmail: e.CONTACT_EMAIL, governingLaw: e.LEGAL_GOVERNING_LAW };
}

export default function Terms() {
  const { contactEmail, governingLaw } = useLoaderData<typeof loader>();
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return (
    <TextPage
      title="Terms of Service"
      effective={LEGAL_EFFECTIVE}
      intro={<p>These terms are the agreement between you and Reelforge for the use of the Reelforge website and service.</p>}
    >
      <h2>1. Accepting these terms</h2>
      <p>
        By creating an account, buying credits or ordering a video you accept these terms and our <Link to="/privacy">Privacy Policy</Link>. If you use
        Reelforge for a business, you accept them on its behalf.
      </p>

      <h2>2. Who may use Reelforge</h2>
      <p>
        You must be at least 13 years old. If you are under the age of majority where you live, a parent or guardian must agree to these terms for you. Guests
        may pay for a custom order through an order link without an account.
      </p>

      <h2>3. Your account</h2>
      <p>Keep your sign-in details safe; you are responsible for what happens under your account. Tell us at {mail} if you think someone else has used it.</p>

      <h2>4. Credits and payments</h2>
      <ul>
        <li>Work on Reelforge is paid with credits. A video costs {VIDEO_COST_CREDITS} credits.</li>
        <li>Credits are sold as one-time packs priced in Indian rupees; there is no subscription.</li>
        <li>Credits are tied to your account and cannot be transferred or exchanged for cash.</li>
        <li>If a video or other paid job fails after credits were charged, the credits are returned to your balance.</li>
        <li>Purchases are final except where we fail to deliver what you paid for or where the law gives you a refund.</li>
      </ul>

      <h2>5. Your content</h2>
      <p>
        You keep the rights to the scripts, images, music and other material you upload. You give us permission to store and process it only to provide the
        service to you. You confirm that you have the rights needed for everything you upload, including any product images, music, trademarks and the likeness
        of any person shown.
      </p>

      <h2>6. The videos you create</h2>
      <p>
        Subject to these terms and to the rights of others in the material you supplied, you may use the videos you create for any lawful purpose, including
        advertising. Generated videos can contain mistakes (a mispronounced word, an awkward cut): review every video before you publish it. Videos are usually
        ready within minutes; that is not a guarantee.
      </p>

      <h2>7. Acceptable use</h2>
      <p>You must not use Reelforge to create or share content that:</p>
      <ul>
        <li>is illegal, defamatory, hateful, or harasses anyone;</li>
        <li>infringes someone else's copyright, trademark, privacy or publicity rights;</li>
        <li>impersonates a real person or misleads people about a product in a way the law forbids;</li>
        <li>sexualises minors or depicts violence against real people.</li>
      </ul>
      <p>
        You also must not try to get around credit charges or access checks, disrupt the service, or use it to send spam or malware. We may remove content and
        suspend accounts that break these rules.
      </p>

      <h2>8. Public content</h2>
      <p>Content you mark as public can be seen by other users in Explore. You can make it private again at any time.</p>

      <h2>9. Changes and ending the service</h2>
      <p>
        We may change or improve Reelforge. You may stop using it and ask us to delete your account at any time. We may suspend or close an account that breaks
        these terms; unused credits of an account closed for a breach are not refunded.
      </p>

      <h2>10. Liability</h2>
      <p>
        Reelforge is provided "as is". To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability to you is
        limited to the amount you paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h2>11. Governing law</h2>
      <p>These terms are governed by {governingLaw}.</p>

      <h2>12. Changes to these terms</h2>
      <p>
        If we change these terms, we publish the new version on this page with a new effective date. If you keep using Reelforge after that, the new terms
        apply.
      </p>

      <h2>13. Contact</h2>
      <p>Questions about these terms: {mail}.</p>
    </TextPage>
  );
}
