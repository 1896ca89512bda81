import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { TextPage } from "~/components/landing/TextPage";
import { CUSTOM_ORDER_COST_CREDITS, VIDEO_COST_CREDITS } from "~/models/billing";

export const meta: MetaFunction = () => [{ title: "About Us — Reelforge" }];

export default function About() {
  return (
    <TextPage title="About Us" intro={<p>Reelforge makes short, UGC-style video ads for brands and creators, from a script or just an idea.</p>}>
      <h2>What Reelforge does</h2>
      <p>
        You bring a script or an idea, a product or avatar image, a voice and a style. Reelforge splits the script into scenes, creates an image and a
        voice-over for each, animates them, adds music, and puts the finished video in your dashboard, usually within minutes.
      </p>
      <h2>How it is paid</h2>
      <p>
        Videos are paid with credits: one video costs {VIDEO_COST_CREDITS} credits, and credits are sold as one-time packs priced in rupees. See{" "}
        <Link to="/plans">Plans & Billing</Link>.
      </p>
      <h2>Made by people, too</h2>
      <p>
        For work that needs a human touch, place a <Link to="/custom-orders">custom order</Link>: send us your images or videos with a note, and our team
        produces the video or image set and delivers it to your account. A custom order costs {CUSTOM_ORDER_COST_CREDITS} credits. Our team can also send you an
        order link, so you can order and pay without an account.
      </p>
      <p>
        Questions? <Link to="/contact">Contact us</Link>.
      </p>
    </TextPage>
  );
}
