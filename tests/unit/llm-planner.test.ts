import { describe, expect, it } from "vitest";
import {
  analyzeProject,
  cleanForSpeech,
  countWords,
  divideScript,
  routeCommand,
  runLocalTask,
  seoMetadata,
  splitSentences,
  suggestImprovements,
  writeImagePrompt,
  writeVoiceOver,
} from "~/providers/llm/planner/index";

const SERUM_SCRIPT = `Mornings are hard. Your alarm rings, your eyes are heavy, and the day has already started without you.

Meet GlowUp Vitamin C Serum. Three drops, thirty seconds, and your skin wakes up before you do. Vitamin C brightens dull skin in a week.

It is light, it sinks in fast, and it never feels sticky. Dermatologists tested it on sensitive skin for eight weeks.

Get yours today at glowup.in and save 20% with code GLOW20!`;

const LONG_SENTENCE =
  "This incredibly long single sentence keeps going and going without any pause because the writer wanted to describe every single feature of the product, including its battery life, its waterproof body, its two colours and the fact that it charges in under an hour, which is quite remarkable for such a small device.";

describe("splitSentences", () => {
  it("splits at terminal punctuation but not after abbreviations, initials or decimals", () => {
    expect(splitSentences("Dr. Rao loves it. It costs 2.5 dollars! Really? Yes.")).toEqual(["Dr. Rao loves it.", "It costs 2.5 dollars!", "Really?", "Yes."]);
    expect(splitSentences("Use it daily, e.g. after a shower. Then relax.")).toEqual(["Use it daily, e.g. after a shower.", "Then relax."]);
    expect(splitSentences("यह बहुत अच्छा है। इसे आज ही खरीदें।")).toHaveLength(2);
  });
});

describe("divideScript", () => {
  it("cuts a script into 4-8 second scenes at paragraph and sentence boundaries", () => {
    const result = divideScript(SERUM_SCRIPT);
    expect(result.scenes.length).toBeGreaterThanOrEqual(4);
    expect(result.scenes.length).toBeLessThanOrEqual(7);
    for (const scene of result.scenes) {
      expect(scene.estimatedSeconds).toBeLessThanOrEqual(8);
      // No sentence is cut: every scene ends with terminal punctuation.
      expect(scene.script).toMatch(/[.!?]$/);
      expect(scene.voiceOverText.length).toBeGreaterThan(0);
      expect(scene.title).not.toBe("");
    }
    // Nothing is lost or duplicated.
    expect(result.scenes.map((s) => s.script).join(" ")).toBe(SERUM_SCRIPT.replace(/\s+/g, " ").trim());
    expect(result.totalWords).toBe(result.scenes.reduce((n, s) => n + s.wordCount, 0));
    expect(result.scenes.map((s) => s.order)).toEqual(result.scenes.map((_, i) => i + 1));
    // Paragraph one (18 words = 7.2 s) is exactly one scene.
    expect(result.scenes[0].script).toBe("Mornings are hard. Your alarm rings, your eyes are heavy, and the day has already started without you.");
  });

  it("is deterministic", () => {
    expect(divideScript(SERUM_SCRIPT)).toEqual(divideScript(SERUM_SCRIPT));
  });

  it("keeps short paragraphs together and splits only an overlong sentence", () => {
    const short = divideScript("Cold coffee?\n\nNot anymore. The ThermoMug keeps it hot.");
    expect(short.scenes).toHaveLength(1);

    const long = divideScript(LONG_SENTENCE);
    expect(countWords(LONG_SENTENCE) / 2.5).toBeGreaterThan(8);
    expect(long.scenes.length).toBeGreaterThanOrEqual(3);
    for (const scene of long.scenes) expect(scene.estimatedSeconds).toBeLessThanOrEqual(8);
    // Cuts fall at clause boundaries (after a comma or before a conjunction), not mid-phrase.
    expect(long.scenes[0].script).toMatch(/pause$|,$/);
  });

  it("respects explicit scene markers and their titles, and a custom duration", () => {
    const result = divideScript(
      "Scene 1: The Problem\nYour coffee is cold again.\nScene 2: The Fix\nThe ThermoMug keeps it hot for six hours. [SFX: sip] Order now (link in bio).",
    );
    expect(result.scenes.map((s) => s.title)).toEqual(["The Problem", "The Fix"]);
    expect(result.scenes[1].voiceOverText).toBe("The ThermoMug keeps it hot for six hours. Order now.");

    const tight = divideScript(SERUM_SCRIPT, { targetSceneSeconds: 3, minSceneSeconds: 2, maxSceneSeconds: 4 });
    expect(tight.scenes.length).toBeGreaterThan(divideScript(SERUM_SCRIPT).scenes.length);
    for (const s of tight.scenes) expect(s.estimatedSeconds).toBeLessThanOrEqual(4);
  });

  it("returns no scenes for an empty script", () => {
    expect(divideScript("   \n\n ").scenes).toEqual([]);
  });
});

describe("writeVoiceOver", () => {
  it("cleans directions, labels, markup and symbols for speech", () => {
    const text = cleanForSpeech("NARRATOR: **Meet** the ThermoMug 🔥 (holds mug up)\nSFX: whoosh\n[cut to close-up] Only ₹499 & 20% off at thermomug.com!!!");
    expect(text).toBe("Meet the ThermoMug. Only 499 rupees and 20 percent off at thermomug dot com!");
  });

  it("fits the time budget by dropping whole sentences, then clauses", () => {
    const input = "Your skin deserves better. GlowUp brightens, smooths and protects every single day of the year. Try it today.";
    const fitted = writeVoiceOver(input, { maxSeconds: 4 });
    expect(fitted.trimmed).toBe(true);
    expect(fitted.wordCount).toBeLessThanOrEqual(10);
    expect(fitted.text).toBe("Your skin deserves better. Try it today.");

    const one = writeVoiceOver(LONG_SENTENCE, { maxSeconds: 6 });
    expect(one.wordCount).toBeLessThanOrEqual(15);
    expect(one.text).toMatch(/^This incredibly long.*\.$/);

    const untouched = writeVoiceOver("Short and sweet.", { maxSeconds: 6 });
    expect(untouched).toEqual({ text: "Short and sweet.", wordCount: 3, estimatedSeconds: 1.2, trimmed: false });
  });
});

describe("writeImagePrompt", () => {
  it("names the product, the style, the setting and details from the scene", () => {
    const prompt = writeImagePrompt({
      sceneText: "A young woman pours iced coffee in a sunny kitchen, green plants and a marble counter around her.",
      style: "UGC",
      product: "ThermoMug",
      aspectRatio: "9:16",
    });
    expect(prompt).toContain("ThermoMug");
    expect(prompt).toContain("UGC style");
    expect(prompt).toContain("in a kitchen");
    expect(prompt).toContain("woman");
    expect(prompt).toMatch(/iced coffee/);
    expect(prompt).toMatch(/marble counter/);
    expect(prompt).toContain("9:16");
    expect(prompt).not.toMatch(/lorem|ipsum/i);
  });

  it("uses an unknown style by name and still works without a product", () => {
    const prompt = writeImagePrompt({ sceneText: "Sunset on the beach with friends.", style: "pastel dreamcore" });
    expect(prompt).toContain("pastel dreamcore style");
    expect(prompt).toContain("the product");
    expect(prompt).toMatch(/on a beach/);
    expect(prompt).toMatch(/sunset/);
  });
});

describe("seoMetadata", () => {
  it("builds a title within 60 characters and # hashtags from the script's frequent terms", () => {
    const seo = seoMetadata(SERUM_SCRIPT, { product: "GlowUp Serum" });
    expect(seo.title.length).toBeLessThanOrEqual(60);
    expect(seo.title.startsWith("GlowUp Serum")).toBe(true);
    // The product's name and its benefit, as the script says it (docs/decisions/199-titles-and-hashtags.md).
    expect(seo.title).toBe("GlowUp Serum: Brightens Dull Skin");
    expect(seo.description.length).toBeLessThanOrEqual(155);
    expect(seo.hashtags.length).toBeGreaterThanOrEqual(5);
    expect(seo.hashtags.length).toBeLessThanOrEqual(10);
    for (const tag of seo.hashtags) expect(tag).toMatch(/^#[\p{L}\p{N}]+$/u);
    expect(seo.hashtags).toContain("#GlowUpSerum");
    // A one-letter word ("vitamin C") never becomes a tag on its own.
    const vitamin = seoMetadata(
      "Meet Aurora Glow, the vitamin C serum that wakes up tired skin. Two drops every morning. Your skin drinks it in seconds. No sticky feel. Order today and glow by Friday!",
    );
    expect(vitamin.hashtags.filter((t) => [...t].length < 3)).toEqual([]);
    expect(seo.hashtags).toContain("#VitaminC");
    expect(seo.hashtags).toContain("#skin");
    expect(new Set(seo.hashtags.map((t) => t.toLowerCase())).size).toBe(seo.hashtags.length);
  });

  it("keeps non-Latin words whole (Devanagari vowel signs are marks, not letters)", () => {
    const seo = seoMetadata("सुबह की शुरुआत मुश्किल होती है। यह सीरम आपकी त्वचा को चमकदार बनाता है।");
    expect(seo.hashtags).toContain("#त्वचा");
    expect(seo.hashtags).toContain("#चमकदार");
    for (const tag of seo.hashtags) expect(tag).toMatch(/^#[\p{L}\p{M}\p{N}]+$/u);
  });

  it("honours a shorter title limit and the hashtag count", () => {
    const seo = seoMetadata(SERUM_SCRIPT, { product: "GlowUp Vitamin C Serum", maxTitleLength: 30, maxHashtags: 3 });
    expect(seo.title.length).toBeLessThanOrEqual(30);
    expect(seo.hashtags).toHaveLength(3);
  });
});

describe("analyzeProject", () => {
  const project = {
    title: "GlowUp",
    fullScript: SERUM_SCRIPT,
    mainProductImageUrl: null,
    style: "cinematic",
    scenes: [
      {
        id: "s2",
        sceneOrder: 2,
        title: "Reveal",
        voiceOverText: "Meet GlowUp Vitamin C Serum.",
        imagePrompt: "p",
        imageUrl: "/i.png",
        voiceOverUrl: "/v.wav",
        voiceOverDuration: 2.4,
      },
      {
        id: "s1",
        sceneOrder: 1,
        title: "Hook",
        script: "Mornings are hard.",
        voiceOverText: "Mornings are hard.",
        imagePrompt: "p",
        imageUrl: "/i.png",
        videoUrl: "/v.mp4",
        status: "completed",
        voiceOverUrl: "/a.wav",
        duration: 5,
      },
      { id: "s3", sceneOrder: 3 },
    ],
  };

  it("counts assets, lists what is missing and estimates the duration", () => {
    const a = analyzeProject(project);
    expect(a.sceneCount).toBe(3);
    expect(a.readyScenes).toBe(1);
    expect(a.readyToCompile).toBe(false);
    expect(a.scenes.map((s) => s.sceneId)).toEqual(["s1", "s2", "s3"]);
    expect(a.counts).toEqual({ withScript: 1, withVoiceOverText: 2, withImagePrompt: 2, withImage: 2, withVoiceOver: 2, withVideo: 1 });
    expect(a.scenes[1].missing).toEqual(["script", "video"]);
    expect(a.scenes[2].missing).toEqual(["script", "voice-over text", "image prompt", "image", "voice-over", "video"]);
    // 5 s (scene duration) + 2.4 s (voice-over audio) + 5 s (default)
    expect(a.estimatedDurationSeconds).toBe(12.4);
    expect(a.scenes[1].durationSource).toBe("voice-over audio");
    expect(a.projectMissing).toEqual(["main product image", "background music"]);
    expect(a.nextSteps).toContain("Upload a main product image.");
    expect(a.nextSteps).toContain("Generate videos for scenes 2, 3.");
  });

  it("suggests dividing the script when there are no scenes", () => {
    const a = analyzeProject({ fullScript: SERUM_SCRIPT, scenes: [] });
    expect(a.sceneCount).toBe(0);
    expect(a.nextSteps[0]).toBe("Divide the script into scenes.");
    expect(a.estimatedDurationSeconds).toBeGreaterThan(25);
  });
});

describe("suggestImprovements", () => {
  it("flags an overlong voice-over with a fitted proposal, a prompt without the product, and a missing call to action", () => {
    const scenes = [
      { id: "a", sceneOrder: 1, voiceOverText: "Hi." },
      {
        id: "b",
        sceneOrder: 2,
        title: "Finale",
        voiceOverText: "GlowUp brightens, smooths and protects your skin every single day of the year, and it smells wonderful too. It is gentle.",
        imagePrompt: "a bottle on a table",
      },
    ];
    const result = suggestImprovements(scenes[1], { project: { title: "GlowUp Serum", style: "minimal", scenes } });
    const vo = result.suggestions.find((s) => s.field === "voiceOverText" && s.severity === "high");
    expect(vo?.proposed).toBeDefined();
    expect(countWords(vo!.proposed!) / 2.5).toBeLessThanOrEqual(8);
    const prompt = result.suggestions.find((s) => s.field === "imagePrompt");
    expect(prompt?.message).toMatch(/does not mention the product/);
    expect(prompt?.proposed).toContain("GlowUp Serum");
    expect(prompt?.proposed).toContain("minimal style");
    expect(result.suggestions.some((s) => /call to action/.test(s.message))).toBe(true);
  });

  it("proposes voice-over text and a prompt for a scene that only has a script", () => {
    const result = suggestImprovements(
      { id: "x", script: "[SFX: pop] A happy kid opens the box on a sunny morning." },
      { product: "ToyBox", style: "playful" },
    );
    expect(result.suggestions.find((s) => s.field === "voiceOverText")?.proposed).toBe("A happy kid opens the box on a sunny morning.");
    expect(result.suggestions.find((s) => s.field === "imagePrompt")?.proposed).toContain("ToyBox");
    expect(result.suggestions.find((s) => s.field === "title")?.proposed).toBeTruthy();
  });
});

describe("routeCommand", () => {
  const ctx = {
    projectId: "p1",
    scenes: [
      { id: "s1", sceneOrder: 1, title: "Hook" },
      { id: "s2", sceneOrder: 2, title: "Reveal", imagePrompt: "x" },
      { id: "s3", sceneOrder: 3, title: "CTA" },
    ],
  };
  const cases: Array<[string, string, Record<string, unknown>]> = [
    ["add a scene about the serum on a bathroom shelf at sunrise", "add_scene", { projectId: "p1", description: "The serum on a bathroom shelf at sunrise." }],
    ['Add a new scene called "Unboxing" after scene 1', "add_scene", { projectId: "p1", name: "Unboxing", order: 2 }],
    ["generate the image for scene 2", "generate_scene_image", { projectId: "p1", sceneId: "s2" }],
    ["Generate the image for scene 2 as product shot v2 in 16:9", "generate_scene_image", { sceneId: "s2", productShotVersion: "v2", aspectRatio: "16:9" }],
    ["make the image prompt for the first scene", "generate_image_prompt", { sceneId: "s1" }],
    ["create the voice-over for scene two", "generate_scene_voiceover", { sceneId: "s2" }],
    ["write the script for scene 3", "generate_scene_script", { sceneId: "s3" }],
    ["generate the video for the last scene", "generate_scene_video", { sceneId: "s3" }],
    ["animate scene three", "generate_scene_video", { sceneId: "s3" }],
    ["compile as webm", "compile_video", { projectId: "p1", outputFormat: "webm" }],
    ["render the final video", "compile_video", { outputFormat: "mp4" }],
    ["divide the script", "divide_script", { projectId: "p1" }],
    ["Split the script into scenes please", "divide_script", { projectId: "p1" }],
    ["set the voice-over text of scene 3 to: Order yours today.", "update_scene", { sceneId: "s3", voiceOverText: "Order yours today." }],
    ["analyze the project", "analyze_project_requirements", { projectId: "p1" }],
    ["suggest improvements for scene 2", "suggest_scene_improvements", { sceneId: "s2" }],
    ["optimize the canvas layout", "optimize_canvas_layout", { projectId: "p1" }],
    ["reorder the scenes for better flow", "optimize_scene_sequence", { projectId: "p1" }],
    ["list my completed projects", "list_video_projects", { status: "completed" }],
    ["create a project called Summer Sale", "create_video_project", { name: "Summer Sale" }],
    ["generate assets for scene 2", "generate_scene_image", { sceneId: "s2" }],
  ];
  it.each(cases)("%s -> %s", (command, tool, args) => {
    const r = routeCommand(command, ctx);
    expect(r.kind).toBe("tool");
    if (r.kind !== "tool") return;
    expect(r.tool).toBe(tool);
    expect(r.args).toMatchObject(args);
    expect(r.reply.length).toBeGreaterThan(0);
  });

  it("asks for what is missing instead of guessing", () => {
    expect(routeCommand("generate the image for scene 9", ctx)).toMatchObject({ kind: "clarify", reply: "There is no scene 9; this project has 3 scenes." });
    expect(routeCommand("suggest improvements", ctx)).toMatchObject({ kind: "clarify", missing: ["sceneId"] });
    expect(routeCommand("compile as webm", {})).toMatchObject({ kind: "clarify", reply: "Please select a project first." });
  });

  it("answers unknown commands helpfully, with examples", () => {
    const r = routeCommand("what's the weather like", ctx);
    expect(r.kind).toBe("unknown");
    if (r.kind === "unknown") {
      expect(r.reply).toContain("what's the weather like");
      expect(r.reply).toContain("Divide the script into scenes");
      expect(r.examples.length).toBeGreaterThan(5);
    }
    expect(routeCommand("help").kind).toBe("help");
  });

  it("uses the canvas agent tool when only that one is available", () => {
    const r = routeCommand("generate the image for scene 2", { ...ctx, availableTools: ["canvas_agent"] });
    expect(r).toMatchObject({ kind: "tool", tool: "canvas_agent", args: { action: "generateImage", projectId: "p1", sceneId: "s2" } });
    expect(routeCommand("generate the image for scene 2", { ...ctx, availableTools: ["compile_video"] }).kind).toBe("clarify");
  });
});

describe("runLocalTask", () => {
  it("validates input and shapes output by the task schemas", () => {
    expect(runLocalTask("image_prompt", { sceneText: "a cosy bedroom", product: "DreamLamp", style: "minimal" }).prompt).toContain("DreamLamp");
    expect(() => runLocalTask("divide_script", { script: "" })).toThrow();
  });
});
