/** VideoProber over ffprobe (@ffprobe-installer/ffprobe): reads a file path or an http(s) URL, with a time limit. */
import { execFile } from 'node:child_process';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { z } from 'zod';
import type { ProbeResult, VideoProber } from '../domain/ports';

/** Enough for a 500 MB file on local disk or a presigned URL; a hung read is killed. */
export const FFPROBE_TIMEOUT_MS = 30_000;
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

const probeOutput = z.object({
  streams: z.array(z.object({ codec_type: z.string().optional(), disposition: z.object({ attached_pic: z.number().optional() }).optional() })).default([]),
  format: z.object({ duration: z.string().optional() }).optional(),
});

export interface FfprobeOptions {
  binary?: string;
  timeoutMs?: number;
}

export function createFfprobe(options: FfprobeOptions = {}): VideoProber {
  const binary = options.binary ?? ffprobeInstaller.path;
  const timeout = options.timeoutMs ?? FFPROBE_TIMEOUT_MS;
  return {
    probe: (location) =>
      new Promise<ProbeResult | null>((resolve) => {
        // Only the protocols a stored object is read over: no playlists reaching for other files or hosts.
        const protocols = 'file,http,https,tcp,tls,crypto';
        const args = ['-v', 'error', '-protocol_whitelist', protocols, '-show_format', '-show_streams', '-of', 'json', location];
        execFile(binary, args, { timeout, maxBuffer: MAX_OUTPUT_BYTES, killSignal: 'SIGKILL' }, (error, stdout) => {
          resolve(error ? null : parseProbe(stdout));
        });
      }),
  };
}

/** A video stream that is not just a cover picture, and a positive finite duration; null otherwise. */
export function parseProbe(stdout: string): ProbeResult | null {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    return null;
  }
  const parsed = probeOutput.safeParse(json);
  if (!parsed.success) return null;
  const hasVideo = parsed.data.streams.some((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
  const durationSec = Number(parsed.data.format?.duration);
  if (!hasVideo || !Number.isFinite(durationSec) || durationSec <= 0) return null;
  return { durationSec: Math.round(durationSec * 1000) / 1000 };
}
