/**
 * Doubles of services for other services' integration tests and benches: real gRPC servers speaking the
 * service's proto, answering what a test registers, encoded by the same reply builders the real services use.
 */
import {
  errors,
  loadGrpcService,
  startGrpcServer,
  type Config,
  type RunningGrpcServer,
} from '@tracklens/kit';
import { silentLogger } from '@tracklens/kit/testing';
import type { ProductAnalysis } from './analysis';
import { productAnalysisReply } from './clients/analysis.client';

export interface AnalysisAnswer {
  userId: string;
  analysis: ProductAnalysis;
  /** Called on each request: an error to answer instead of the analysis, or null. */
  fail?: () => Error | null;
}

/** The AnalysisService double: answers GetProductAnalysis from what tests registered, NOT_FOUND otherwise. */
export class AnalysisDouble {
  readonly answers = new Map<string, AnalysisAnswer>();
  calls = 0;
  private server: RunningGrpcServer | undefined;

  async start(config: Config): Promise<void> {
    this.server = await startGrpcServer(
      [
        {
          service: loadGrpcService(
            config.protoDir,
            'analysis/v1/analysis.proto',
            'analysis.v1.AnalysisService',
          ),
          implementation: {
            GetProductAnalysis: async (req: { product_id: string; user_id: string }) => {
              this.calls++;
              const answer = this.answers.get(req.product_id);
              if (!answer || answer.userId !== req.user_id)
                throw errors.notFound('Product analysis not found');
              const failure = answer.fail?.() ?? null;
              if (failure) throw failure;
              return productAnalysisReply(answer.analysis);
            },
          },
        },
      ],
      { host: config.serviceHost, port: config.services.analysis.grpcPort },
      silentLogger,
    );
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }
}
