package dev.iamspec.kit;

import java.util.List;
import java.util.Map;

/**
 * Calls the {@link Engine} method named after a stimulus's kind, or {@link Engine#handle} for an
 * unknown kind.
 */
final class StimulusDispatch {
    private StimulusDispatch() {}

    /** What the engine's method for the stimulus's kind returns. */
    static List<Map<String, Object>> call(Engine engine, String kind, JsonObject stimulus) throws Exception {
        switch (kind) {
            case "session_start":
                return engine.onSessionStart(stimulus);
            case "sync_complete":
                return engine.onSyncComplete(stimulus);
            case "session_end":
                return engine.onSessionEnd(stimulus);
            case "relaunch":
                return engine.onRelaunch(stimulus);
            case "custom_event":
                return engine.onCustomEvent(stimulus);
            case "purchase":
                return engine.onPurchase(stimulus);
            case "push_click":
                return engine.onPushClick(stimulus);
            case "push_open":
                return engine.onPushOpen(stimulus);
            case "advance":
                return engine.onAdvance(stimulus);
            case "background":
                return engine.onBackground(stimulus);
            case "foreground":
                return engine.onForeground(stimulus);
            case "orientation":
                return engine.onOrientation(stimulus);
            case "keyboard_shown":
                return engine.onKeyboardShown(stimulus);
            case "keyboard_hidden":
                return engine.onKeyboardHidden(stimulus);
            case "asset_download":
                return engine.onAssetDownload(stimulus);
            case "delegate_choice":
                return engine.onDelegateChoice(stimulus);
            case "dismiss":
                return engine.onDismiss(stimulus);
            case "click":
                return engine.onClick(stimulus);
            case "display_next":
                return engine.onDisplayNext(stimulus);
            case "present_local":
                return engine.onPresentLocal(stimulus);
            case "change_user":
                return engine.onChangeUser(stimulus);
            case "wipe_data":
                return engine.onWipeData(stimulus);
            case "app_dismiss":
                return engine.onAppDismiss(stimulus);
            case "inspect_stack":
                return engine.onInspectStack(stimulus);
            default:
                return engine.handle(stimulus);
        }
    }
}
