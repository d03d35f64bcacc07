<?php

declare(strict_types=1);

namespace App\User;

/**
 * Users in the `users` table of the app's SQLite database.
 */
final class UserRepository
{
    public function __construct(private readonly \PDO $pdo)
    {
    }

    public function findByEmail(string $email): ?User
    {
        $statement = $this->pdo->prepare('SELECT id, email, name FROM users WHERE email = :email');
        $statement->execute(['email' => $email]);
        $row = $statement->fetch(\PDO::FETCH_ASSOC);

        return is_array($row) ? $this->hydrate($row) : null;
    }

    /**
     * @throws UserNotFoundException
     */
    public function getByEmail(string $email): User
    {
        return $this->findByEmail($email) ?? throw UserNotFoundException::withEmail($email);
    }

    public function count(): int
    {
        return (int) $this->pdo->query('SELECT COUNT(*) FROM users')->fetchColumn();
    }

    /**
     * @return list<User>
     */
    public function all(): array
    {
        $users = [];
        foreach ($this->pdo->query('SELECT id, email, name FROM users ORDER BY id', \PDO::FETCH_ASSOC) as $row) {
            $users[] = $this->hydrate($row);
        }

        return $users;
    }

    /**
     * @param array<string, mixed> $row
     */
    private function hydrate(array $row): User
    {
        return new User((int) $row['id'], (string) $row['email'], (string) $row['name']);
    }
}
