/**
 * Common first names per seeded country (keys match GEO's country codes), in local spelling, for
 * demo usernames. A mix of names popular with today's young adults and with older generations, since
 * seeded members are 18 to 80. Belgium and Switzerland mix their language communities.
 */
export const FIRST_NAMES: Record<string, { male: string[]; female: string[] }> = {
  GB: {
    male: ['Oliver', 'George', 'Harry', 'Jack', 'Jacob', 'Noah', 'Charlie', 'Thomas', 'Oscar', 'William', 'James', 'Leo', 'Alfie', 'Henry', 'Joshua', 'Freddie', 'Archie', 'Ethan', 'Alexander', 'Joseph', 'Edward', 'Samuel', 'Daniel', 'Lewis', 'Callum', 'Ryan', 'David', 'Michael', 'Andrew', 'Paul', 'Mark', 'Richard', 'Stephen', 'Gareth', 'Rhys'],
    female: ['Olivia', 'Amelia', 'Isla', 'Ava', 'Emily', 'Sophie', 'Grace', 'Mia', 'Poppy', 'Ella', 'Lily', 'Evie', 'Isabella', 'Charlotte', 'Jessica', 'Daisy', 'Freya', 'Ruby', 'Chloe', 'Holly', 'Hannah', 'Lucy', 'Emma', 'Sarah', 'Rebecca', 'Laura', 'Rachel', 'Claire', 'Karen', 'Helen', 'Megan', 'Eilidh', 'Catherine', 'Susan', 'Nicola'],
  },
  IE: {
    male: ['Jack', 'James', 'Noah', 'Conor', 'Seán', 'Daniel', 'Michael', 'Patrick', 'Cian', 'Darragh', 'Oisín', 'Liam', 'Fionn', 'Adam', 'Thomas', 'Ciarán', 'Eoin', 'Niall', 'Dylan', 'Aidan', 'Ronan', 'Declan', 'Colm', 'Dónal', 'Brian', 'Kevin', 'Shane', 'Pádraig', 'Cathal', 'Tadhg'],
    female: ['Emily', 'Grace', 'Fiadh', 'Sophie', 'Aoife', 'Ava', 'Amelia', 'Ella', 'Lucy', 'Saoirse', 'Róisín', 'Niamh', 'Ciara', 'Sinéad', 'Orla', 'Clodagh', 'Caoimhe', 'Siobhán', 'Mary', 'Aisling', 'Sarah', 'Emma', 'Chloe', 'Éabha', 'Katie', 'Deirdre', 'Gráinne', 'Máire', 'Úna', 'Nuala'],
  },
  NL: {
    male: ['Daan', 'Sem', 'Lucas', 'Levi', 'Finn', 'Milan', 'Bram', 'Luuk', 'Jesse', 'Thijs', 'Ruben', 'Lars', 'Sven', 'Niels', 'Bas', 'Jeroen', 'Pieter', 'Maarten', 'Wouter', 'Joost', 'Sander', 'Stijn', 'Tim', 'Koen', 'Jan', 'Henk', 'Kees', 'Willem', 'Dirk', 'Gijs'],
    female: ['Emma', 'Julia', 'Tess', 'Sophie', 'Anna', 'Fleur', 'Lotte', 'Sanne', 'Lisa', 'Eva', 'Femke', 'Anouk', 'Iris', 'Noor', 'Saar', 'Roos', 'Mila', 'Zoë', 'Lieke', 'Marloes', 'Ingrid', 'Annemieke', 'Marieke', 'Esther', 'Petra', 'Inge', 'Wendy', 'Maaike', 'Ilse', 'Mirjam'],
  },
  BE: {
    male: ['Lucas', 'Louis', 'Arthur', 'Noah', 'Liam', 'Jules', 'Victor', 'Adam', 'Mathis', 'Thomas', 'Wout', 'Pieter', 'Jonas', 'Bram', 'Senne', 'Stijn', 'Maxime', 'Nicolas', 'Antoine', 'Julien', 'Kevin', 'Jens', 'Tom', 'Dries', 'Benoît', 'Olivier', 'Bart', 'Geert', 'Wim', 'Luc'],
    female: ['Emma', 'Olivia', 'Louise', 'Mila', 'Alice', 'Elena', 'Lina', 'Juliette', 'Marie', 'Camille', 'Laura', 'Julie', 'Sarah', 'Charlotte', 'Lotte', 'Ine', 'Elke', 'Sofie', 'Lien', 'Hanne', 'Amélie', 'Manon', 'Chloé', 'Léa', 'Nathalie', 'Els', 'Griet', 'Annelies', 'Véronique', 'Katrien'],
  },
  DE: {
    male: ['Noah', 'Ben', 'Leon', 'Finn', 'Paul', 'Elias', 'Felix', 'Jonas', 'Lukas', 'Maximilian', 'Luca', 'Emil', 'Moritz', 'Jan', 'Tim', 'Niklas', 'Tobias', 'Florian', 'Sebastian', 'Stefan', 'Thomas', 'Michael', 'Andreas', 'Markus', 'Christian', 'Daniel', 'Matthias', 'Jürgen', 'Uwe', 'Klaus', 'Jörg'],
    female: ['Emilia', 'Hannah', 'Mia', 'Sophia', 'Emma', 'Lea', 'Lina', 'Marie', 'Clara', 'Anna', 'Lena', 'Laura', 'Julia', 'Sarah', 'Katharina', 'Johanna', 'Sabine', 'Claudia', 'Petra', 'Susanne', 'Nicole', 'Stefanie', 'Anja', 'Birgit', 'Franziska', 'Ursula', 'Jessica', 'Jana', 'Heike', 'Kerstin'],
  },
  AT: {
    male: ['Jakob', 'Lukas', 'Maximilian', 'Elias', 'Tobias', 'David', 'Felix', 'Paul', 'Leon', 'Jonas', 'Florian', 'Simon', 'Fabian', 'Matthias', 'Stefan', 'Markus', 'Christoph', 'Thomas', 'Andreas', 'Michael', 'Wolfgang', 'Georg', 'Martin', 'Bernhard', 'Franz', 'Johann', 'Manuel', 'Gerhard', 'Alexander', 'Dominik'],
    female: ['Anna', 'Emma', 'Marie', 'Lena', 'Hannah', 'Laura', 'Sophia', 'Lea', 'Valentina', 'Leonie', 'Katharina', 'Magdalena', 'Theresa', 'Julia', 'Sarah', 'Elisabeth', 'Christina', 'Andrea', 'Sabine', 'Barbara', 'Claudia', 'Martina', 'Verena', 'Birgit', 'Monika', 'Karin', 'Ingrid', 'Johanna', 'Nina', 'Eva'],
  },
  CH: {
    male: ['Noah', 'Liam', 'Luca', 'Matteo', 'Leon', 'Elias', 'Gian', 'Nico', 'Jonas', 'Levin', 'Samuel', 'Julien', 'Loïc', 'Nicolas', 'Lukas', 'Reto', 'Urs', 'Beat', 'Daniel', 'Marco', 'Thomas', 'Martin', 'Andreas', 'Stefan', 'Patrick', 'Christian', 'Jürg', 'Mattia', 'Alessandro', 'Cédric'],
    female: ['Mia', 'Emma', 'Lina', 'Mila', 'Elena', 'Lea', 'Sofia', 'Alina', 'Laura', 'Nina', 'Sara', 'Anna', 'Lara', 'Chiara', 'Céline', 'Nadine', 'Sandra', 'Corinne', 'Ursula', 'Brigitte', 'Esther', 'Barbara', 'Fabienne', 'Jasmin', 'Martina', 'Manon', 'Giulia', 'Seraina', 'Andrea', 'Monika'],
  },
  IT: {
    male: ['Leonardo', 'Francesco', 'Alessandro', 'Lorenzo', 'Mattia', 'Tommaso', 'Gabriele', 'Andrea', 'Riccardo', 'Edoardo', 'Matteo', 'Giuseppe', 'Antonio', 'Marco', 'Giovanni', 'Luca', 'Stefano', 'Paolo', 'Roberto', 'Davide', 'Simone', 'Federico', 'Fabio', 'Massimo', 'Salvatore', 'Vincenzo', 'Pietro', 'Giorgio', 'Alberto', 'Claudio'],
    female: ['Sofia', 'Giulia', 'Aurora', 'Alice', 'Ginevra', 'Emma', 'Giorgia', 'Greta', 'Beatrice', 'Anna', 'Chiara', 'Francesca', 'Martina', 'Sara', 'Elena', 'Valentina', 'Federica', 'Alessia', 'Silvia', 'Laura', 'Paola', 'Maria', 'Giovanna', 'Roberta', 'Elisa', 'Ilaria', 'Veronica', 'Claudia', 'Simona', 'Daniela'],
  },
  FR: {
    male: ['Gabriel', 'Léo', 'Raphaël', 'Louis', 'Arthur', 'Jules', 'Adam', 'Lucas', 'Hugo', 'Nathan', 'Thomas', 'Théo', 'Maxime', 'Antoine', 'Nicolas', 'Julien', 'Alexandre', 'Pierre', 'Mathieu', 'Guillaume', 'Sébastien', 'Romain', 'Benjamin', 'Vincent', 'Olivier', 'François', 'Philippe', 'Laurent', 'Clément', 'Stéphane'],
    female: ['Jade', 'Louise', 'Emma', 'Alice', 'Ambre', 'Lina', 'Chloé', 'Léa', 'Manon', 'Camille', 'Sarah', 'Inès', 'Juliette', 'Clara', 'Pauline', 'Marie', 'Julie', 'Laura', 'Céline', 'Sophie', 'Aurélie', 'Élodie', 'Caroline', 'Isabelle', 'Nathalie', 'Sandrine', 'Anaïs', 'Mathilde', 'Charlotte', 'Valérie'],
  },
  ES: {
    male: ['Hugo', 'Martín', 'Lucas', 'Mateo', 'Leo', 'Daniel', 'Alejandro', 'Pablo', 'Manuel', 'Álvaro', 'Adrián', 'David', 'Mario', 'Diego', 'Javier', 'Sergio', 'Carlos', 'Jorge', 'Antonio', 'José', 'Francisco', 'Juan', 'Miguel', 'Raúl', 'Rubén', 'Iván', 'Marc', 'Jordi', 'Iker', 'Xabier'],
    female: ['Lucía', 'Sofía', 'Martina', 'María', 'Julia', 'Paula', 'Valeria', 'Emma', 'Daniela', 'Carla', 'Alba', 'Noa', 'Sara', 'Laura', 'Marta', 'Andrea', 'Cristina', 'Elena', 'Ana', 'Carmen', 'Isabel', 'Raquel', 'Patricia', 'Nerea', 'Irene', 'Claudia', 'Núria', 'Ainhoa', 'Lorena', 'Pilar'],
  },
  PL: {
    male: ['Antoni', 'Jan', 'Aleksander', 'Franciszek', 'Jakub', 'Szymon', 'Filip', 'Stanisław', 'Mikołaj', 'Wojciech', 'Kacper', 'Piotr', 'Tomasz', 'Paweł', 'Krzysztof', 'Michał', 'Marcin', 'Łukasz', 'Grzegorz', 'Adam', 'Mateusz', 'Kamil', 'Bartosz', 'Dawid', 'Marek', 'Andrzej', 'Rafał', 'Damian', 'Jarosław', 'Zbigniew'],
    female: ['Zofia', 'Zuzanna', 'Hanna', 'Julia', 'Maja', 'Laura', 'Oliwia', 'Alicja', 'Lena', 'Maria', 'Anna', 'Katarzyna', 'Agnieszka', 'Małgorzata', 'Magdalena', 'Joanna', 'Monika', 'Ewa', 'Karolina', 'Natalia', 'Aleksandra', 'Marta', 'Paulina', 'Justyna', 'Beata', 'Dominika', 'Weronika', 'Kinga', 'Barbara', 'Elżbieta'],
  },
  DK: {
    male: ['William', 'Noah', 'Oscar', 'Lucas', 'Carl', 'Victor', 'Malthe', 'Emil', 'Alfred', 'Frederik', 'Magnus', 'Mads', 'Rasmus', 'Mikkel', 'Jonas', 'Anders', 'Søren', 'Jens', 'Niels', 'Lars', 'Henrik', 'Morten', 'Thomas', 'Kasper', 'Christian', 'Jesper', 'Peter', 'Martin', 'Jakob', 'Bo'],
    female: ['Alma', 'Ida', 'Clara', 'Ella', 'Freja', 'Agnes', 'Sofia', 'Emma', 'Karla', 'Laura', 'Anna', 'Mette', 'Sofie', 'Camilla', 'Louise', 'Maria', 'Julie', 'Cecilie', 'Line', 'Hanne', 'Lone', 'Pernille', 'Signe', 'Maja', 'Astrid', 'Birgitte', 'Kirsten', 'Nanna', 'Rikke', 'Tina'],
  },
  FI: {
    male: ['Leo', 'Eino', 'Väinö', 'Onni', 'Elias', 'Oliver', 'Eeli', 'Aapo', 'Veeti', 'Juho', 'Mikko', 'Jukka', 'Timo', 'Matti', 'Antti', 'Ville', 'Janne', 'Jari', 'Petri', 'Markku', 'Sami', 'Tuomas', 'Lauri', 'Joonas', 'Aleksi', 'Olli', 'Kari', 'Heikki', 'Ilkka', 'Pekka'],
    female: ['Aino', 'Olivia', 'Eevi', 'Helmi', 'Sofia', 'Aada', 'Lilja', 'Ella', 'Emma', 'Venla', 'Anna', 'Maria', 'Laura', 'Johanna', 'Elina', 'Sanna', 'Tiina', 'Hanna', 'Riikka', 'Minna', 'Katja', 'Päivi', 'Satu', 'Kaisa', 'Noora', 'Jenni', 'Sari', 'Tuula', 'Pirjo', 'Liisa'],
  },
  NO: {
    male: ['Jakob', 'Noah', 'Emil', 'Lucas', 'Oliver', 'Isak', 'William', 'Filip', 'Aksel', 'Theodor', 'Magnus', 'Henrik', 'Sander', 'Mathias', 'Kristian', 'Ole', 'Lars', 'Per', 'Bjørn', 'Knut', 'Jon', 'Morten', 'Espen', 'Eirik', 'Håkon', 'Sindre', 'Øyvind', 'Tor', 'Anders', 'Geir'],
    female: ['Nora', 'Emma', 'Olivia', 'Ella', 'Sofie', 'Leah', 'Frida', 'Ingrid', 'Sara', 'Maja', 'Ida', 'Hanna', 'Thea', 'Marte', 'Silje', 'Ingeborg', 'Kari', 'Anne', 'Hilde', 'Marit', 'Solveig', 'Tone', 'Kristin', 'Camilla', 'Linn', 'Astrid', 'Sigrid', 'Mari', 'Åse', 'Randi'],
  },
  SE: {
    male: ['Noah', 'William', 'Hugo', 'Lucas', 'Liam', 'Oscar', 'Elias', 'Alexander', 'Adam', 'Oliver', 'Erik', 'Karl', 'Lars', 'Anders', 'Johan', 'Per', 'Mikael', 'Fredrik', 'Magnus', 'Henrik', 'Jonas', 'Björn', 'Gustav', 'Axel', 'Viktor', 'Filip', 'Emil', 'Daniel', 'Mattias', 'Göran'],
    female: ['Alice', 'Maja', 'Elsa', 'Astrid', 'Wilma', 'Freja', 'Olivia', 'Selma', 'Alma', 'Ebba', 'Saga', 'Ella', 'Klara', 'Linnea', 'Emma', 'Anna', 'Eva', 'Karin', 'Kristina', 'Maria', 'Sara', 'Johanna', 'Sofia', 'Ingrid', 'Malin', 'Lena', 'Elin', 'Jenny', 'Åsa', 'Helena'],
  },
};
