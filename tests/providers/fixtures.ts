// Test and benchmark inputs made in code: a product photo on a plain studio background (a
// bottle with a label, lit from the side, with sensor noise like a real photo) and a photo
// without a plain background.
import sharp from "sharp";

export async function productPhoto(options: { width?: number; height?: number; colour?: string; label?: string } = {}): Promise<Buffer> {
  const W = options.width ?? 900;
  const H = options.height ?? 1200;
  const c = options.colour ?? "#0f766e";
  const label = options.label ?? "AURORA";
  const bw = W * 0.34;
  const x = (W - bw) / 2;
  const top = H * 0.2;
  const bottom = H * 0.86;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <radialGradient id="studio" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#fbfbfb"/><stop offset="1" stop-color="#e9e9e9"/></radialGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${c}" stop-opacity="1"/><stop offset="0.25" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="0.32" stop-color="${c}"/><stop offset="0.85" stop-color="#000000" stop-opacity="0.35"/><stop offset="1" stop-color="${c}"/>
    </linearGradient>
    <linearGradient id="bodyc" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#studio)"/>
  <rect x="${x + bw * 0.3}" y="${top - H * 0.09}" width="${bw * 0.4}" height="${H * 0.1}" rx="${bw * 0.05}" fill="#1f2937"/>
  <path d="M ${x + bw * 0.3} ${top} Q ${x} ${top + H * 0.03} ${x} ${top + H * 0.12} L ${x} ${bottom - bw * 0.12} Q ${x} ${bottom} ${x + bw * 0.12} ${bottom} L ${x + bw * 0.88} ${bottom} Q ${x + bw} ${bottom} ${x + bw} ${bottom - bw * 0.12} L ${x + bw} ${top + H * 0.12} Q ${x + bw} ${top + H * 0.03} ${x + bw * 0.7} ${top} Z" fill="url(#bodyc)"/>
  <path d="M ${x + bw * 0.3} ${top} Q ${x} ${top + H * 0.03} ${x} ${top + H * 0.12} L ${x} ${bottom - bw * 0.12} Q ${x} ${bottom} ${x + bw * 0.12} ${bottom} L ${x + bw * 0.88} ${bottom} Q ${x + bw} ${bottom} ${x + bw} ${bottom - bw * 0.12} L ${x + bw} ${top + H * 0.12} Q ${x + bw} ${top + H * 0.03} ${x + bw * 0.7} ${top} Z" fill="url(#body)"/>
  <rect x="${x}" y="${top + H * 0.22}" width="${bw}" height="${H * 0.2}" fill="#f8fafc"/>
  <text x="${W / 2}" y="${top + H * 0.33}" font-family="sans-serif" font-weight="bold" font-size="${bw * 0.17}" text-anchor="middle" fill="${c}">${label}</text>
  <rect x="${x + bw * 0.2}" y="${top + H * 0.36}" width="${bw * 0.6}" height="${H * 0.012}" fill="${c}" opacity="0.6"/>
</svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Deterministic sensor noise (+-4 levels), so the background is "plain" the way a photo is.
  let s = 12345;
  const d = base.data;
  for (let i = 0; i < d.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    d[i] = Math.max(0, Math.min(255, d[i] + ((s >>> 16) % 9) - 4));
  }
  return sharp(d, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A busy photo (no plain background): the compositor must keep it whole. */
export async function busyPhoto(width = 600, height = 600): Promise<Buffer> {
  const stripes = Array.from(
    { length: 12 },
    (_, i) => `<rect x="${(i * width) / 12}" y="0" width="${width / 12}" height="${height}" fill="hsl(${i * 30},70%,50%)"/>`,
  ).join("");
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${stripes}<circle cx="${width / 2}" cy="${height / 2}" r="${width / 4}" fill="#fff"/></svg>`,
    ),
  )
    .jpeg()
    .toBuffer();
}
