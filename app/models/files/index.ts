// files/: Stored files: uploads and who may make them, whole-file media checks, signed links, serving
// with access checks, media references on rows, and removing files no one shows any more.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export { serveStoredFile } from "./file-serving.server";
export { isMediaRefError } from "./media-refs.server";
export { signFileLink, verifySignedLink } from "./signed-links.server";
export { UploadError, deleteFile, removeFiles, storeFile, type StoredFile, type UploadTarget } from "./stored-files.server";
export { authorizeUpload } from "./upload-authorizers.server";
export { handleUploadRequest, parseMultipartUpload, parseUploadForm, uploadJson, type UploadFormResult } from "./uploads.server";
export { localFilePath } from "./stored-files.server";
export { sweepUnusedUploads } from "./unused-uploads.server";
