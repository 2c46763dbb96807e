/** Downloadable tools (应用工具下载): queries and writes of @eco/contracts/api/tools. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import { toolsApi as api } from '@eco/contracts/api/tools';
import type { ToolInput, ToolPatch } from '@eco/contracts/tools';
import { areaKey, call, hrefOf, keyOf, queryOf } from './client';

/** Every tool with its versions, newest first (everyone). */
export function useToolDownloads() {
  return useQuery(queryOf(api.listToolDownloads));
}

/** The address that downloads version `versionId` of a tool, relative to the page (for `href`). */
export function toolVersionHref(versionId: number): string {
  return hrefOf(api.downloadToolVersion, { params: { id: versionId } });
}

/** Every tool with its versions, never from a cache (editors). */
export function useManagedTools() {
  return useQuery(queryOf(api.listManagedTools));
}

/** The text parts of a version upload; the file goes with them. */
export interface VersionUpload {
  /** e.g. `1.2.0` (TOOL_VERSION_PATTERN of @eco/contracts/tools) */
  version: string;
  releaseNotes: string;
  file: File;
}

/**
 * Create, update and version upload (editors); each reloads the tools area (the management list
 * and the public downloads) and the audit log. An upload resolves with the tool, its new version
 * the latest (with the SHA-256 the server computed).
 */
export function useToolMutations() {
  const client = useQueryClient();
  const onSuccess = () =>
    Promise.all([client.invalidateQueries({ queryKey: areaKey('application tools') }), client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) })]);
  return {
    create: useMutation({ mutationFn: (body: ToolInput) => call(api.createTool, { body }), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: ToolPatch }) => call(api.updateTool, { params: { id }, body }), onSuccess }),
    upload: useMutation({
      mutationFn: ({ id, upload }: { id: number; upload: VersionUpload }) => {
        const body = new FormData();
        body.append('version', upload.version);
        body.append('releaseNotes', upload.releaseNotes);
        body.append('file', upload.file, upload.file.name);
        return call(api.uploadToolVersion, { params: { id }, body });
      },
      onSuccess,
    }),
  };
}
