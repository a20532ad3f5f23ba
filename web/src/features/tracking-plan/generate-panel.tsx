/**
 * The Generate Plan tab (product-spec §2): 'Generate Tracking Plan' with its button ('Starting...',
 * 'Generating... N%'), then the latest completed plan with Copy CSV, Download CSV and Save Plan.
 */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useState } from 'react';
import type { TrackingPlan } from '../../api/planning.api';
import { EventsTable } from './events-table';
import { ExportMenu } from './export-menu';
import { eventsOf } from './plan-content';
import { copyPlanCsv, downloadPlanCsv } from './plan-exports';
import { SavePlanDialog } from './save-plan-dialog';
import type { PlanGeneration } from './use-plan-generation';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

/** product-spec §4: the latest completed plan with events is shown automatically. */
export function latestPlanWithEvents(plans: TrackingPlan[] | undefined): TrackingPlan | undefined {
  return plans?.find((plan) => plan.status === 'completed' && eventsOf(plan.content).length > 0);
}

function buttonLabel(generation: PlanGeneration): string {
  if (generation.starting) return 'Starting...';
  if (generation.generating) return `Generating... ${generation.progress}%`;
  return 'Generate Tracking Plan';
}

export function GeneratePanel({
  productId,
  generation,
  plans,
  plansLoading,
}: {
  productId: string;
  generation: PlanGeneration;
  plans: TrackingPlan[] | undefined;
  plansLoading: boolean;
}) {
  const busy = generation.starting || generation.generating;
  const latest = latestPlanWithEvents(plans);
  return (
    <section className="tp-panel" aria-labelledby="tp-generate-title">
      <div className="tp-panel__head">
        <div className="tp-panel__intro">
          <h2 id="tp-generate-title" className="tp-panel__title">
            Generate Tracking Plan
          </h2>
          <p className="tp-panel__text">
            Events, properties and funnels for every screen of your analysed demo video, ready for your
            analytics tool. Generation takes about 6 minutes.
          </p>
        </div>
        <Button
          type="primary"
          size="large"
          className="tp-generate"
          icon={busy ? <LoadingOutlined {...hidden} /> : <ThunderboltOutlined {...hidden} />}
          disabled={busy || generation.checking}
          onClick={() => void generation.start()}
        >
          {buttonLabel(generation)}
        </Button>
      </div>
      {generation.generating && (
        <Progress
          className="tp-progress"
          percent={generation.progress}
          status="active"
          aria-label="Tracking plan generation progress"
        />
      )}
      {latest ? (
        <GeneratedPlan key={latest.id} productId={productId} plan={latest} />
      ) : (
        !plansLoading &&
        !generation.generating && (
          <p className="tp-panel__empty">
            No tracking plan yet. Generate one from your analysed video: every screen becomes events with
            typed properties and example values.
          </p>
        )
      )}
    </section>
  );
}

function GeneratedPlan({ productId, plan }: { productId: string; plan: TrackingPlan }) {
  const events = eventsOf(plan.content);
  const [saveOpen, setSaveOpen] = useState(false);
  const title = `Generated Tracking Plan (${events.length} events)`;
  return (
    <div className="tp-result">
      <div className="tp-result__head">
        <h3 className="tp-result__title">{title}</h3>
        <div className="tp-result__actions">
          <Button icon={<CopyOutlined {...hidden} />} onClick={() => void copyPlanCsv(events)}>
            Copy CSV
          </Button>
          <Button icon={<DownloadOutlined {...hidden} />} onClick={() => downloadPlanCsv(events)}>
            Download CSV
          </Button>
          <ExportMenu planId={plan.id} />
          <Button type="primary" icon={<SaveOutlined {...hidden} />} onClick={() => setSaveOpen(true)}>
            Save Plan
          </Button>
        </div>
      </div>
      <EventsTable events={events} caption={title} />
      <SavePlanDialog
        open={saveOpen}
        productId={productId}
        events={events}
        onClose={() => setSaveOpen(false)}
      />
    </div>
  );
}
