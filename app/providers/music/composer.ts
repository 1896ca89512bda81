// Writes a royalty-free background bed as a General MIDI score: a chord progression, bass,
// drums, a pad and a light arpeggio, chosen by mood and varied by seed. Pure and deterministic;
// music-worker.mjs turns the score into audio with a GM soundfont.
import { STYLE_LOOKS, styleLookNameOf } from "~/providers/image/style-looks";
import { prng } from "~/providers/media/random";

export const MOODS = ["confident", "warm", "playful", "dramatic", "upbeat", "calm"] as const;
export type Mood = (typeof MOODS)[number];

export type ScoreNote = { tick: number; duration: number; key: number; velocity: number };
export type ScoreTrack = { name: string; channel: number; program: number; volume: number; pan?: number; notes: ScoreNote[] };
export type Score = { ppq: number; bpm: number; durationSec: number; mood: Mood; description: string; tracks: ScoreTrack[] };

const MOOD_WORDS: Array<[Mood, RegExp]> = [
  ["dramatic", /\b(dramatic|problem|solution|epic|cinematic|intense|tension|dark)\b/],
  ["playful", /\b(playful|fun|unboxing|kids?|quirky|cute|happy)\b/],
  ["warm", /\b(warm|cozy|cosy|testimonial|ugc|friendly|acoustic|honest|home)\b/],
  ["calm", /\b(calm|relax\w*|minimal|spa|luxury|elegant|soft|ambient|premium|serene)\b/],
  ["upbeat", /\b(upbeat|lifestyle|energetic|party|summer|dance|sport\w*|fitness)\b/],
  ["confident", /\b(confident|bold|showcase|corporate|tech\w*|modern|product)\b/],
];

export function moodFor(text: string | undefined): Mood {
  const t = (text ?? "").toLowerCase();
  for (const [mood, re] of MOOD_WORDS) if (re.test(t)) return mood;
  return "confident";
}

type Recipe = {
  bpm: number;
  root: number; // MIDI note of the key's tonic (octave 4)
  minor: boolean;
  /** Chord roots as scale degrees (0-based), one per bar. */
  progression: number[][];
  chords: { program: number; volume: number; style: "stabs" | "sustain" | "offbeat" | "strum" };
  bass: { program: number; volume: number; style: "eighths" | "halves" | "bounce" | "octaves" | "roots" };
  arp?: { program: number; volume: number; pattern: number[] };
  pad?: { program: number; volume: number };
  drums?: { volume: number; style: "four" | "soft" | "clap" | "halftime" };
  keyName: string;
};

const RECIPES: Record<Mood, Recipe> = {
  confident: {
    bpm: 104,
    root: 60,
    minor: false,
    keyName: "C major",
    progression: [
      [0, 4, 5, 3],
      [5, 3, 0, 4],
    ],
    chords: { program: 0, volume: 78, style: "stabs" },
    bass: { program: 38, volume: 92, style: "eighths" },
    pad: { program: 89, volume: 60 },
    arp: { program: 11, volume: 52, pattern: [0, 1, 2, 1, 2, 3, 2, 1] },
    drums: { volume: 88, style: "four" },
  },
  warm: {
    bpm: 88,
    root: 67,
    minor: false,
    keyName: "G major",
    progression: [
      [0, 4, 5, 3],
      [0, 3, 4, 4],
    ],
    chords: { program: 24, volume: 86, style: "strum" },
    bass: { program: 33, volume: 86, style: "halves" },
    pad: { program: 48, volume: 52 },
    drums: { volume: 70, style: "soft" },
  },
  playful: {
    bpm: 118,
    root: 65,
    minor: false,
    keyName: "F major",
    progression: [
      [0, 4, 5, 3],
      [3, 4, 0, 0],
    ],
    chords: { program: 45, volume: 80, style: "offbeat" },
    bass: { program: 33, volume: 90, style: "bounce" },
    arp: { program: 12, volume: 70, pattern: [0, 2, 1, 3, 2, 1, 0, 2] },
    drums: { volume: 80, style: "clap" },
  },
  dramatic: {
    bpm: 80,
    root: 62,
    minor: true,
    keyName: "D minor",
    progression: [
      [0, 5, 2, 6],
      [0, 5, 3, 4],
    ],
    chords: { program: 48, volume: 92, style: "sustain" },
    bass: { program: 43, volume: 90, style: "roots" },
    pad: { program: 52, volume: 58 },
    arp: { program: 0, volume: 66, pattern: [0, 2, 1, 2, 0, 2, 1, 2] },
    drums: { volume: 86, style: "halftime" },
  },
  upbeat: {
    bpm: 122,
    root: 62,
    minor: false,
    keyName: "D major",
    progression: [
      [0, 4, 5, 3],
      [5, 3, 0, 4],
    ],
    chords: { program: 4, volume: 80, style: "offbeat" },
    bass: { program: 38, volume: 92, style: "octaves" },
    pad: { program: 90, volume: 50 },
    drums: { volume: 90, style: "four" },
  },
  calm: {
    bpm: 72,
    root: 60,
    minor: false,
    keyName: "C major",
    progression: [
      [0, 5, 3, 4],
      [0, 2, 3, 4],
    ],
    chords: { program: 0, volume: 80, style: "sustain" },
    bass: { program: 32, volume: 76, style: "halves" },
    pad: { program: 89, volume: 66 },
    arp: { program: 46, volume: 62, pattern: [0, 1, 2, 3, 2, 1, 0, 1] },
  },
};

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];

/** Notes of the triad on a scale degree, from `root` (plus a 7th on request). */
function triad(root: number, minor: boolean, degree: number, seventh = false): number[] {
  const scale = minor ? MINOR : MAJOR;
  const note = (d: number) => root + scale[d % 7] + 12 * Math.floor(d / 7);
  const out = [note(degree), note(degree + 2), note(degree + 4)];
  if (seventh) out.push(note(degree + 6));
  return out;
}

/** Where a part writes one bar: the bar's start tick, the grid, and `human` (a small random timing or velocity shift). */
type BarWriter = { t: number; ppq: number; bar: number; human: () => number; add: (tick: number, duration: number, key: number, velocity: number) => void };

/** The chords of one bar in the recipe's style. */
function chordBar(style: Recipe["chords"]["style"], w: BarWriter, notes: number[]): void {
  const { t, ppq, bar, human, add } = w;
  switch (style) {
    case "stabs":
      for (const [q, len] of [
        [0, 1.5],
        [1.5, 1],
        [2.5, 1.5],
      ] as const)
        for (const n of notes) add(t + q * ppq, len * ppq - 20, n, 70 + human());
      break;
    case "sustain":
      for (const n of notes) add(t, bar - 10, n, 62 + human());
      break;
    case "offbeat":
      for (let e = 0; e < 4; e++) for (const n of notes) add(t + e * ppq + ppq / 2, ppq / 2 - 30, n, 66 + human());
      break;
    case "strum":
      for (const beat of [0, 1.5, 2, 3]) notes.forEach((n, i) => add(t + beat * ppq + i * 18, ppq * 1.2, n, 64 + human()));
      break;
  }
}

/** The bass line of one bar in the recipe's style, from the chord's root two octaves down. */
function bassBar(style: Recipe["bass"]["style"], w: BarWriter, notes: number[]): void {
  const { t, ppq, bar, add } = w;
  const bassRoot = notes[0] - 24;
  switch (style) {
    case "eighths":
      for (let e = 0; e < 8; e++) add(t + (e * ppq) / 2, ppq / 2 - 30, bassRoot, e % 2 ? 78 : 92);
      break;
    case "halves":
      add(t, ppq * 2 - 20, bassRoot, 90);
      add(t + ppq * 2, ppq * 2 - 20, notes[2] - 24, 84);
      break;
    case "bounce":
      for (const [q, k] of [
        [0, 0],
        [1.5, 7],
        [2, 12],
        [3, 7],
      ] as const)
        add(t + q * ppq, ppq / 2, bassRoot + k, 88);
      break;
    case "octaves":
      for (let e = 0; e < 8; e++) add(t + (e * ppq) / 2, ppq / 2 - 40, bassRoot + (e % 2 ? 12 : 0), 90);
      break;
    case "roots":
      add(t, bar - 20, bassRoot, 96);
      break;
  }
}

/** The drums of one bar (not the intro): a crash on the second bar, then the style's kit pattern. */
function drumBar(d: NonNullable<Recipe["drums"]>["style"], w: BarWriter, b: number): void {
  const { t, ppq, human, add } = w;
  const kick = 36,
    snare = 38,
    clap = 39,
    hat = 42,
    openHat = 46,
    stick = 37,
    crash = 49;
  if (b === 1 && d !== "soft") add(t, ppq, crash, 70);
  for (let beat = 0; beat < 4; beat++) {
    const bt = t + beat * ppq;
    if (d === "four" || (d === "clap" && beat % 2 === 0) || (d === "halftime" && beat === 0) || (d === "soft" && beat % 2 === 0))
      add(bt, 60, kick, d === "soft" ? 70 : 96);
    if ((d === "four" || d === "clap") && beat % 2 === 1) add(bt, 60, d === "clap" ? clap : snare, 84);
    if (d === "halftime" && beat === 2) add(bt, 60, snare, 90);
    if (d === "soft" && beat % 2 === 1) add(bt, 60, stick, 64);
    if (d !== "halftime") {
      add(bt, 40, hat, 52 + human());
      add(bt + ppq / 2, 40, d === "four" && beat % 2 === 1 ? openHat : hat, 40 + human());
    }
  }
}

/**
 * The recipe for a mood or a Style: a Style's name (the project's Style is passed as the mood) gives
 * its own character (image/style-looks.ts): its mood's recipe at its tempo, with its lead instrument.
 */
function recipeFor(text: string | undefined): { mood: Mood; recipe: Recipe } {
  if (MOODS.includes(text as Mood)) return { mood: text as Mood, recipe: RECIPES[text as Mood] };
  const style = styleLookNameOf(text);
  if (!style) {
    const mood = moodFor(text);
    return { mood, recipe: RECIPES[mood] };
  }
  const { mood, bpm, lead } = STYLE_LOOKS[style].music;
  const base = RECIPES[mood];
  const recipe: Recipe = base.arp ? { ...base, bpm, arp: { ...base.arp, program: lead } } : { ...base, bpm, chords: { ...base.chords, program: lead } };
  return { mood, recipe };
}

export function composeBed(options: { mood?: string; durationSec: number; seed?: string }): Score {
  const { mood, recipe } = recipeFor(options.mood);
  const seedNum = [...(options.seed ?? mood)].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
  const rnd = prng(seedNum);
  const ppq = 480;
  const bar = ppq * 4;
  const barSec = (60 / recipe.bpm) * 4;
  const bars = Math.max(2, Math.ceil(options.durationSec / barSec) + 1);
  const progression = recipe.progression[Math.floor(rnd() * recipe.progression.length)];
  const seventh = rnd() > 0.5;

  const chords: ScoreNote[] = [];
  const bass: ScoreNote[] = [];
  const arp: ScoreNote[] = [];
  const pad: ScoreNote[] = [];
  const drums: ScoreNote[] = [];
  const add = (list: ScoreNote[], tick: number, duration: number, key: number, velocity: number) =>
    list.push({ tick: Math.round(tick), duration: Math.max(1, Math.round(duration)), key, velocity: Math.max(1, Math.min(127, Math.round(velocity))) });
  const human = () => Math.round((rnd() - 0.5) * 10);
  // One random stream for every part, drawn in the same order bar after bar.
  const part = (list: ScoreNote[], t: number): BarWriter => ({
    t,
    ppq,
    bar,
    human,
    add: (tick, duration, key, velocity) => add(list, tick, duration, key, velocity),
  });

  for (let b = 0; b < bars; b++) {
    const t = b * bar;
    const last = b === bars - 1;
    const degree = last ? 0 : progression[b % progression.length];
    const notes = triad(recipe.root, recipe.minor, degree, seventh && !last);
    // Intro: the first bar is lighter (no drums), so the video does not start on a crash.
    const intro = b === 0;

    chordBar(recipe.chords.style, part(chords, t), notes);
    bassBar(recipe.bass.style, part(bass, t), notes);
    if (recipe.pad) for (const n of notes) add(pad, t, bar, n - 12, 56);

    if (recipe.arp && !intro && !last) {
      const tones = [...notes, notes[0] + 12];
      recipe.arp.pattern.forEach((p, i) => add(arp, t + (i * ppq) / 2, ppq / 2, tones[p % tones.length] + 12, 58 + human()));
    }

    if (recipe.drums && !intro) drumBar(recipe.drums.style, part(drums, t), b);
  }

  const tracks: ScoreTrack[] = [
    { name: "chords", channel: 0, program: recipe.chords.program, volume: recipe.chords.volume, pan: 56, notes: chords },
    { name: "bass", channel: 1, program: recipe.bass.program, volume: recipe.bass.volume, notes: bass },
  ];
  if (recipe.pad) tracks.push({ name: "pad", channel: 2, program: recipe.pad.program, volume: recipe.pad.volume, pan: 72, notes: pad });
  if (recipe.arp && arp.length) tracks.push({ name: "arp", channel: 3, program: recipe.arp.program, volume: recipe.arp.volume, pan: 80, notes: arp });
  if (recipe.drums && drums.length) tracks.push({ name: "drums", channel: 9, program: 0, volume: recipe.drums.volume, notes: drums });

  return {
    ppq,
    bpm: recipe.bpm,
    durationSec: options.durationSec,
    mood,
    description: `${mood}, ${recipe.bpm} bpm, ${recipe.keyName}`,
    tracks,
  };
}
