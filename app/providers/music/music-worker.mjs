// Renders a score (from composer.ts) to a WAV with spessasynth_core and a General MIDI
// soundfont, in a child process so the synthesis never blocks the web server.
// stdin: JSON {score, out, midiOut?, soundfont}; stdout: JSON {durationSec, sampleRate}
import fs from "node:fs";
import { MIDIBuilder, SoundBankLoader, SpessaSynthProcessor, SpessaSynthSequencer, audioToWav } from "spessasynth_core";

const { score, out, midiOut, soundfont } = JSON.parse(fs.readFileSync(0, "utf8"));
const SAMPLE_RATE = 44100;

const mid = new MIDIBuilder({ name: "Reelforge bed", timeDivision: score.ppq, initialTempo: score.bpm, format: 1 });
score.tracks.forEach((track, i) => {
  const t = i + 1;
  mid.addTrack(track.name);
  if (track.channel !== 9) mid.programChange(0, t, track.channel, track.program);
  mid.controllerChange(0, t, track.channel, 7, track.volume);
  if (typeof track.pan === "number") mid.controllerChange(0, t, track.channel, 10, track.pan);
  for (const n of track.notes) {
    mid.noteOn(n.tick, t, track.channel, n.key, n.velocity);
    mid.noteOff(n.tick + n.duration, t, track.channel, n.key);
  }
});
mid.flush();
if (midiOut) fs.writeFileSync(midiOut, Buffer.from(mid.writeMIDI()));

const file = fs.readFileSync(soundfont);
const bank = SoundBankLoader.fromArrayBuffer(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
const synth = new SpessaSynthProcessor(SAMPLE_RATE, { effectsEnabled: true });
synth.soundBankManager.addSoundBank(bank, "gm");
await synth.processorInitialized;
const seq = new SpessaSynthSequencer(synth);
seq.loadNewSongList([mid]);
seq.loopCount = 0;
seq.play();

const total = Math.ceil(score.durationSec * SAMPLE_RATE);
const left = new Float32Array(total);
const right = new Float32Array(total);
const BLOCK = 128;
for (let i = 0; i < total; i += BLOCK) {
  seq.processTick();
  synth.process(left, right, i, Math.min(BLOCK, total - i));
}

// A short fade in and a longer fade out, so a cut bed never clicks.
const fadeIn = Math.min(total, Math.round(0.05 * SAMPLE_RATE));
const fadeOut = Math.min(total, Math.round(Math.min(2, score.durationSec / 4) * SAMPLE_RATE));
for (let i = 0; i < fadeIn; i++) {
  left[i] *= i / fadeIn;
  right[i] *= i / fadeIn;
}
for (let i = 0; i < fadeOut; i++) {
  const g = Math.cos(((i + 1) / fadeOut) * (Math.PI / 2));
  left[total - fadeOut + i] *= g;
  right[total - fadeOut + i] *= g;
}
let peak = 0;
for (let i = 0; i < total; i++) peak = Math.max(peak, Math.abs(left[i]), Math.abs(right[i]));
if (peak === 0) {
  process.stderr.write("the synthesizer produced silence");
  process.exit(1);
}
const wav = audioToWav([left, right], SAMPLE_RATE, { normalizeAudio: true });
fs.writeFileSync(out, Buffer.from(wav));
process.stdout.write(JSON.stringify({ durationSec: total / SAMPLE_RATE, sampleRate: SAMPLE_RATE }));
