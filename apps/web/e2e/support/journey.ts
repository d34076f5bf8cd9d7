import type { JourneyContext } from './browser';

export interface Journey {
  name: string;
  run(ctx: JourneyContext): Promise<void>;
}
