<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use AltairEval\Frontend\Cli\ExitCode;
use AltairEval\Frontend\Cli\TerminalText;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `serve --daemon`: forks, and the child (a new session, stdio on /dev/null and the project's log
 * in the runtime directory) binds, warms and serves; the parent waits until the socket is ready, or
 * for the child's reason why not, and returns.
 */
final class Daemon
{
    /**
     * @param \Closure(): void $warm
     */
    public function start(SocketServer $server, string $root, OutputInterface $output, \Closure $warm): int
    {
        if (!function_exists('pcntl_fork') || !function_exists('posix_setsid')) {
            throw new ServeError('--daemon needs the pcntl and posix extensions; run `bin/altair serve &` instead.');
        }
        $pair = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        if ($pair === false) {
            throw new ServeError('cannot create a pipe to the daemon.');
        }
        $pid = pcntl_fork();
        if ($pid === -1) {
            throw new ServeError('cannot fork the daemon.');
        }
        if ($pid === 0) {
            fclose($pair[0]);
            exit($this->child($server, $root, $pair[1], $warm));
        }
        fclose($pair[1]);
        $answer = (string) stream_get_contents($pair[0]);
        fclose($pair[0]);
        if (!str_starts_with($answer, 'ready')) {
            pcntl_waitpid($pid, $status);
            throw new ServeError($answer === '' ? 'the daemon exited before it was ready.' : $answer);
        }
        $output->writeln(TerminalText::escape(sprintf('altair serve: serving %s on %s (pid %d)', $root, $server->socketPath(), $pid)), OutputInterface::OUTPUT_RAW);

        return ExitCode::Ok->value;
    }

    /**
     * @param resource $parent
     * @param \Closure(): void $warm
     */
    private function child(SocketServer $server, string $root, $parent, \Closure $warm): int
    {
        posix_setsid();
        try {
            $server->bind();
        } catch (ServeError $error) {
            fwrite($parent, $error->getMessage());

            return ExitCode::Failed->value;
        }
        $server->logTo($this->detach(RuntimeDir::forCurrentUser()->log($root)));
        $warm();
        fwrite($parent, 'ready');
        fclose($parent);

        return $server->serve();
    }

    /**
     * Puts /dev/null and the log on fds 0, 1 and 2, so that whoever started the daemon is not kept
     * waiting on its pipes.
     */
    /**
     * @return resource the new stderr
     */
    private function detach(string $log)
    {
        fclose(STDIN);
        fclose(STDOUT);
        fclose(STDERR);
        $stdio = [fopen('/dev/null', 'r'), fopen($log, 'a'), fopen($log, 'a')];
        $GLOBALS['altair_serve_stdio'] = $stdio; // kept open for the daemon's lifetime
        if ($stdio[2] === false) {
            throw new ServeError(sprintf('cannot open %s.', $log));
        }

        return $stdio[2];
    }
}
