// The llama.cpp adapter. The JSON-schema-to-grammar conversion always runs. The model part
// runs only where the optional node-llama-cpp package is installed (see
// docs/decisions/061-optional-llama-cpp.md): it writes a tiny random-weight llama GGUF (no
// download) and checks that grammar-constrained generation yields well-formed tool calls.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HumanMessage, type AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createChatModel } from "~/providers/llm/index.server";
import { LlamaCppChatModel, loadNodeLlamaCpp, toGbnfSchema, toolGrammarSchema } from "~/providers/llm/llama-cpp";

describe("JSON schema -> llama.cpp grammar schema", () => {
  it("keeps the supported subset and drops the rest", () => {
    expect(
      toGbnfSchema({
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          name: { type: "string", maxLength: 20, format: "email", description: "who" },
          kind: { enum: ["a", "b"] },
          count: { type: "integer", minimum: 0 },
          tags: { type: "array", items: { type: "string" }, maxItems: 3 },
          maybe: { anyOf: [{ type: "string" }, { type: "null" }] },
          extra: { type: "object", additionalProperties: { type: "number" } },
        },
        required: ["name", "missing"],
        additionalProperties: false,
      }),
    ).toEqual({
      type: "object",
      properties: {
        name: { type: "string", maxLength: 20, description: "who" },
        kind: { enum: ["a", "b"] },
        count: { type: "integer" },
        tags: { type: "array", items: { type: "string" }, maxItems: 3 },
        maybe: { oneOf: [{ type: "string" }, { type: "null" }] },
        extra: { type: "object", properties: {}, required: [], additionalProperties: { type: "number" } },
      },
      required: ["name"],
    });
  });

  it("lets the model choose among the tools or answer in words, unless a tool is forced", () => {
    const tools = [
      { type: "function" as const, function: { name: "a", parameters: { type: "object", properties: { x: { type: "string" } }, required: ["x"] } } },
      { type: "function" as const, function: { name: "b" } },
    ];
    const free = toolGrammarSchema(tools, undefined) as { oneOf: Array<{ properties: { tool: { const: string } } }> };
    expect(free.oneOf.map((o) => o.properties.tool.const)).toEqual(["a", "b", "none"]);
    expect(toolGrammarSchema(tools, "b")).toEqual({
      type: "object",
      properties: { tool: { const: "b" }, arguments: { type: "object", properties: {}, required: [], additionalProperties: true } },
      required: ["tool", "arguments"],
    });
    expect((toolGrammarSchema(tools, "*") as { oneOf: unknown[] }).oneOf).toHaveLength(2);
  });
});

/** A llama-architecture GGUF with a byte-level vocabulary and random weights (~300 KB). */
function writeTinyGguf(file: string) {
  const nEmbd = 64;
  const nFf = 128;
  const tokens = ["<unk>", "<s>", "</s>", ...Array.from({ length: 256 }, (_, b) => `<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`)];
  const tokenTypes = [2, 3, 3, ...Array(256).fill(6)];
  const parts: Buffer[] = [];
  const u32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    parts.push(b);
  };
  const i32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    parts.push(b);
  };
  const u64 = (v: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    parts.push(b);
  };
  const f32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    parts.push(b);
  };
  const str = (s: string) => {
    const b = Buffer.from(s);
    u64(b.length);
    parts.push(b);
  };
  const kv: Array<[string, number, () => void]> = [
    ["general.architecture", 8, () => str("llama")],
    ["general.alignment", 4, () => u32(32)],
    ["llama.context_length", 4, () => u32(2048)],
    ["llama.embedding_length", 4, () => u32(nEmbd)],
    ["llama.block_count", 4, () => u32(1)],
    ["llama.feed_forward_length", 4, () => u32(nFf)],
    ["llama.attention.head_count", 4, () => u32(4)],
    ["llama.attention.head_count_kv", 4, () => u32(4)],
    ["llama.attention.layer_norm_rms_epsilon", 6, () => f32(1e-5)],
    ["llama.rope.dimension_count", 4, () => u32(16)],
    ["tokenizer.ggml.model", 8, () => str("llama")],
    [
      "tokenizer.ggml.tokens",
      9,
      () => {
        u32(8);
        u64(tokens.length);
        tokens.forEach(str);
      },
    ],
    [
      "tokenizer.ggml.scores",
      9,
      () => {
        u32(6);
        u64(tokens.length);
        tokens.forEach(() => f32(0));
      },
    ],
    [
      "tokenizer.ggml.token_type",
      9,
      () => {
        u32(5);
        u64(tokens.length);
        tokenTypes.forEach(i32);
      },
    ],
    ["tokenizer.ggml.bos_token_id", 4, () => u32(1)],
    ["tokenizer.ggml.eos_token_id", 4, () => u32(2)],
    ["tokenizer.ggml.unknown_token_id", 4, () => u32(0)],
  ];
  const tensors: Array<[string, number[], boolean]> = [
    ["token_embd.weight", [nEmbd, tokens.length], false],
    ["output_norm.weight", [nEmbd], true],
    ["output.weight", [nEmbd, tokens.length], false],
    ["blk.0.attn_norm.weight", [nEmbd], true],
    ["blk.0.attn_q.weight", [nEmbd, nEmbd], false],
    ["blk.0.attn_k.weight", [nEmbd, nEmbd], false],
    ["blk.0.attn_v.weight", [nEmbd, nEmbd], false],
    ["blk.0.attn_output.weight", [nEmbd, nEmbd], false],
    ["blk.0.ffn_norm.weight", [nEmbd], true],
    ["blk.0.ffn_gate.weight", [nEmbd, nFf], false],
    ["blk.0.ffn_down.weight", [nFf, nEmbd], false],
    ["blk.0.ffn_up.weight", [nEmbd, nFf], false],
  ];
  const align = (n: number) => Math.ceil(n / 32) * 32;
  parts.push(Buffer.from("GGUF"));
  u32(3);
  u64(tensors.length);
  u64(kv.length);
  for (const [key, type, write] of kv) {
    str(key);
    u32(type);
    write();
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const [name, dims] of tensors) {
    str(name);
    u32(dims.length);
    dims.forEach(u64);
    u32(0);
    u64(offset);
    offsets.push(offset);
    offset = align(offset + dims.reduce((a, b) => a * b, 1) * 4);
  }
  const header = Buffer.concat(parts);
  const data = Buffer.alloc(offset);
  let seed = 42;
  tensors.forEach(([, dims, ones], t) => {
    const n = dims.reduce((a, b) => a * b, 1);
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data.writeFloatLE(ones ? 1 : (seed / 0x7fffffff - 0.5) * 0.2, offsets[t] + i * 4);
    }
  });
  fs.writeFileSync(file, Buffer.concat([header, Buffer.alloc(align(header.length) - header.length), data]));
}

const installed = (await loadNodeLlamaCpp()) !== null;

describe.skipIf(!installed)("LlamaCppChatModel with node-llama-cpp installed", () => {
  let dir: string;
  let modelPath: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelforge-gguf-"));
    modelPath = path.join(dir, "tiny.gguf");
    writeTinyGguf(modelPath);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is created by the factory and generates text", async () => {
    const model = await createChatModel({ LLM_PROVIDER: "llama-cpp", LLAMA_MODEL_PATH: modelPath, LLAMA_THREADS: "1" });
    expect(model).toBeInstanceOf(LlamaCppChatModel);
    expect(model.providerInfo).toMatchObject({ id: "llama-cpp", model: "tiny.gguf" });
    (model as LlamaCppChatModel).maxTokens = 16;
    const reply = await model.invoke("hello");
    expect(typeof reply.content).toBe("string");
  }, 60_000);

  it("answers with a well-formed tool call for bound tools (grammar-constrained)", async () => {
    const model = new LlamaCppChatModel({ modelPath, threads: 1, maxTokens: 300 });
    const compile = tool(async () => "ok", {
      name: "compile_video",
      description: "Compile",
      schema: z.object({ projectId: z.string().max(8), outputFormat: z.enum(["mp4", "webm"]) }),
    });
    const divide = tool(async () => "ok", { name: "divide_script", description: "Divide", schema: z.object({ projectId: z.string().max(8) }) });
    const forced = (await model.bindTools([compile, divide], { tool_choice: "compile_video" }).invoke([new HumanMessage("compile as webm")])) as AIMessage;
    expect(forced.tool_calls).toHaveLength(1);
    expect(forced.tool_calls![0].name).toBe("compile_video");
    expect(Object.keys(forced.tool_calls![0].args).sort()).toEqual(["outputFormat", "projectId"]);
    expect(["mp4", "webm"]).toContain(forced.tool_calls![0].args.outputFormat);
    const any = (await model.bindTools([compile, divide], { tool_choice: "any" }).invoke("go")) as AIMessage;
    expect(["compile_video", "divide_script"]).toContain(any.tool_calls![0].name);
  }, 60_000);
});
