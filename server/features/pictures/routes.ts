import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '#server/app-deps';
import { AppError } from '#server/errors';
import { sendWithEtag } from '#server/lib/http-cache';
import { PICTURE_NAME } from '#common/contract/operator';
import { findPicture } from '#server/core/pictures';
import { findPictureVariant, type PictureWidth } from '#server/core/picture-variants';
import { PICTURE_FORMATS, PICTURE_WIDTHS } from '#common/lib/picture-sizes';

export function registerPictureRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/proxy/pictures/:image',
    {
      schema: {
        summary: 'A brand picture: logo (xxhdpi_logo_small), favicon.png, icons, news and gift-card images',
        tags: ['settings'],
        params: z.object({ image: z.string().regex(PICTURE_NAME, 'Неверное имя картинки') }),
        // A smaller copy in a modern format for a page's srcset (decision 029); without them, the picture itself.
        querystring: z.object({
          w: z.enum(PICTURE_WIDTHS.map(String) as [string, ...string[]]).optional(),
          f: z.enum(PICTURE_FORMATS).optional(),
        }),
      },
      config: { errors: new Set(['NOT_FOUND', 'VALIDATION', 'UNAVAILABLE', 'INTERNAL'] as const) },
    },
    async (request, reply) => {
      const { w, f } = request.query;
      const picture =
        w || f
          ? await findPictureVariant(
              deps.db,
              deps.cache,
              request.params.image,
              Number(w ?? PICTURE_WIDTHS.at(-1)) as PictureWidth,
              f ?? 'webp',
            )
          : await findPicture(deps.db, deps.cache, request.params.image);
      if (!picture) throw new AppError('NOT_FOUND', 'Картинка не найдена');
      // Pictures may be cached a little while; a changed picture has a new ETag once that passes.
      return sendWithEtag(
        request,
        reply,
        picture.data,
        picture.etag,
        picture.contentType,
        'public, max-age=300',
      );
    },
  );
}
