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
    public function start(SocketServer $server, string $root, OutputInterface $output): int
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
            exit($this->child($server, $root, $pair[1]));
        }
        fclose($pair[1]);
        // One line: the daemon's workers inherit its end, so end of file may come only when they stop.
        $answer = rtrim((string) fgets($pair[0]), "\n");
        fclose($pair[0]);
        if ($answer !== 'ready') {
            pcntl_waitpid($pid, $status);
            throw new ServeError($answer === '' ? 'the daemon exited before it was ready.' : $answer);
        }
        $output->writeln(TerminalText::escape(sprintf('altair serve: serving %s on %s (pid %d)', $root, $server->socketPath(), $pid)), OutputInterface::OUTPUT_RAW);

        return ExitCode::Ok->value;
    }

    /**
     * @param resource $parent
     */
    private function child(SocketServer $server, string $root, $parent): int
    {
        posix_setsid();
        try {
            $server->bind();
        } catch (ServeError $error) {
            fwrite($parent, TerminalText::escape(str_replace("\n", ' ', $error->getMessage())) . "\n");

            return ExitCode::Failed->value;
        }
        $server->logTo($this->detach($server->directory()->log($root)));
        try {
            $server->start();
        } catch (ServeError $error) {
            fwrite($parent, TerminalText::escape(str_replace("\n", ' ', $error->getMessage())) . "\n");

            return ExitCode::Failed->value;
        }
        fwrite($parent, "ready\n");
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
