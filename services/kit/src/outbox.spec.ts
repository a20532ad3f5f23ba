import { z } from 'zod';
import type { Database } from './db';
import { createEnvelope } from './events';
import { handleValid } from './outbox';

describe('handleValid', () => {
  const tx = {} as Database;
  const schema = z.object({ id: z.string().uuid(), data: z.object({ videoId: z.string().min(1) }) });

  it('should hand a matching event to the handler with its transaction', async () => {
    const handled: unknown[] = [];
    const warn = jest.fn();
    const envelope = createEnvelope('media', 'media.video.deleted', { videoId: 'v1' });
    await handleValid(schema, { warn }, async (event, given) => {
      handled.push(event.data.videoId, given);
    })(envelope, tx);
    expect(handled).toEqual(['v1', tx]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('should drop a malformed event with a warning naming its issues, without throwing (a retry cannot help)', async () => {
    const handle = jest.fn();
    const warn = jest.fn();
    const envelope = createEnvelope('media', 'media.video.deleted', { videoId: '' });
    await expect(handleValid(schema, { warn }, handle)(envelope, tx)).resolves.toBeUndefined();
    expect(handle).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        eventId: envelope.id,
        subject: 'media.video.deleted',
        issues: expect.any(Array),
      }),
      'invalid event dropped',
    );
  });
});
