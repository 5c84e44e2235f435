import type * as PipelineModule from './pipeline';

/** The pipeline's module (`pipeline.ts`), its own chunk. */
export type Pipeline = typeof PipelineModule;

export interface PipelineLoader {
  /** The pipeline when its code is already here (calls then go on at once, as before it was split). */
  loaded: () => Pipeline | null;
  /** Fetches the pipeline once; a fetch that failed (offline) is tried again by the next call. */
  load: () => Promise<Pipeline>;
}

export function createPipelineLoader(fetchPipeline: () => Promise<Pipeline>): PipelineLoader {
  let loaded: Pipeline | null = null;
  let loading: Promise<Pipeline> | null = null;
  return {
    loaded: () => loaded,
    load: () => {
      loading ??= fetchPipeline().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** The app's: the chunk fetched with the first call (client.ts). */
export const pipelineLoader = createPipelineLoader(() => import('./pipeline'));
