// The native shell's face (docs/architecture.md, "Web layers"; docs/native-shell.md): messages to the
// app that hosts the page. Its host (NativeShellHost.tsx) is a lazy entry of its own.
export { handOffRegistration, rememberPushToken, shellPushToken } from './bridge';
