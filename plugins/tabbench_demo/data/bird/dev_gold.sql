SELECT COUNT(*) FROM customers WHERE city = 'Lyon'	shop
SELECT name FROM products WHERE category = 'kitchen'	shop
SELECT COUNT(*) FROM customers WHERE age > 45	shop
SELECT price FROM products WHERE name = 'Red kitche 4'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'kitchen' AND T1.year = 2023	shop
SELECT name FROM products WHERE category = 'books' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin'	school
SELECT title FROM courses WHERE department = 'history'	school
SELECT COUNT(*) FROM students WHERE grade = 11	school
SELECT credits FROM courses WHERE title = 'Seminar in chemistry'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced mathematics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2023	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Topics in history' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'history'	library
SELECT COUNT(*) FROM books WHERE published > 1970	library
SELECT name FROM authors WHERE country = 'Canada'	library
SELECT pages FROM books WHERE title = 'The Forest 89'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Vienna' AND year = 2019	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'France'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Basel'	shop
SELECT name FROM products WHERE category = 'music'	shop
SELECT COUNT(*) FROM customers WHERE age > 50	shop
SELECT price FROM products WHERE name = 'Small game 34'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2023	shop
SELECT name FROM products WHERE category = 'toys' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Dublin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent'	school
SELECT title FROM courses WHERE department = 'biology'	school
SELECT COUNT(*) FROM students WHERE grade = 2	school
SELECT credits FROM courses WHERE title = 'Advanced biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2019	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Advanced biology' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'crime'	library
SELECT COUNT(*) FROM books WHERE published > 1990	library
SELECT name FROM authors WHERE country = 'India'	library
SELECT pages FROM books WHERE title = 'The Window 63'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2021	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Brazil'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Valencia'	shop
SELECT name FROM products WHERE category = 'tools'	shop
SELECT COUNT(*) FROM customers WHERE age > 40	shop
SELECT price FROM products WHERE name = 'Big book 25'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'tools' AND T1.year = 2021	shop
SELECT name FROM products WHERE category = 'sports' ORDER BY price DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Porto'	shop
SELECT COUNT(*) FROM students WHERE city = 'Valencia'	school
SELECT COUNT(*) FROM students WHERE grade = 8	school
SELECT credits FROM courses WHERE title = 'Topics in physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to art'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2021	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in history' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE published > 1960	library
SELECT name FROM authors WHERE country = 'Denmark'	library
SELECT pages FROM books WHERE title = 'The Harbor 67'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Dublin' AND year = 2021	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'India'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin'	shop
SELECT price FROM products WHERE name = 'Blue game 10'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'music' AND T1.year = 2023	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow'	school
SELECT COUNT(*) FROM students WHERE grade = 4	school
SELECT credits FROM courses WHERE title = 'Topics in biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2020	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to mathematics' ORDER BY T1.score DESC LIMIT 1	school
SELECT pages FROM books WHERE title = 'The Lantern 38'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Vienna' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Ghent'	library
SELECT price FROM products WHERE name = 'Small kitche 36'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2019	shop
SELECT credits FROM courses WHERE title = 'Advanced mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in biology'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2023	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Advanced history' ORDER BY T1.score DESC LIMIT 1	school
SELECT pages FROM books WHERE title = 'The Mirror 86'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Porto'	library
SELECT price FROM products WHERE name = 'Blue kitche 12'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2022	shop
SELECT credits FROM courses WHERE title = 'Intro to art'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2020	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Topics in biology' ORDER BY T1.score DESC LIMIT 1	school
SELECT pages FROM books WHERE title = 'The Stone 12'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Dublin'	library
SELECT price FROM products WHERE name = 'Big tool 31'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2023	shop
