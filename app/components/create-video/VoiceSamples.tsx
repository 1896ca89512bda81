// "Hear the voices": a short sample of each voice, played before paying (docs/decisions/201-voice-samples.md).
// Plain <audio> controls (no JavaScript needed); nothing is fetched until a sample is played.
export function voiceSampleUrl(voiceId: number): string {
  return `/resources/voices/${voiceId}/sample`;
}

export function VoiceSamples({ voices }: { voices: Array<{ id: number; name: string }> }) {
  if (!voices.length) return null;
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid="voice-samples">
      <summary className="cursor-pointer font-medium text-slate-700">Hear the voices</summary>
      <ul className="mt-2 space-y-2">
        {voices.map((voice) => (
          <li key={voice.id} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
            <span id={`voice-sample-${voice.id}`} className="text-slate-700">
              {voice.name}
            </span>
            <audio controls preload="none" src={voiceSampleUrl(voice.id)} aria-labelledby={`voice-sample-${voice.id}`} className="h-8 w-full sm:w-56">
              <track kind="captions" />
            </audio>
          </li>
        ))}
      </ul>
    </details>
  );
}
