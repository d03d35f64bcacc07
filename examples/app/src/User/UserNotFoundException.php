<?php

declare(strict_types=1);

namespace App\User;

final class UserNotFoundException extends \RuntimeException
{
    public static function withEmail(string $email): self
    {
        return new self(sprintf('No user with email "%s".', $email));
    }
}
