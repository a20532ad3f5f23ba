/** Video → page specifications, offline. See ARCHITECTURE §7. */
export { analyzeVideo, MAX_KEYFRAMES } from './analyze-video';
export { createOcrUnderstander } from './ocr/ocr-understander';
export { VideoAnalysisError, NO_VIDEO_STREAM, UNREADABLE_VIDEO } from './video-analysis.error';
export type {
  AnalysisResult,
  AnalyzeVideoInput,
  Box,
  DetectedScreen,
  FrameUnderstanding,
  KeyFrame,
  ScreenUnderstander,
  UiElement,
  UiElementKind,
  UnderstandOptions,
  UserAction,
  UserActionKind,
  Visit,
} from './types';
